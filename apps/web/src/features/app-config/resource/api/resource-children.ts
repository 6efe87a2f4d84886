import type { Resource } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { resourcesKey } from '@/api/keys';
import { api } from '@/lib/http';

/** GET /admin-service/resources/{resourceId} (spec §7): the node's direct children. */
export function fetchResourceChildren(resourceId: string, signal?: AbortSignal): Promise<Resource[]> {
  return api.get<Resource[]>(`/admin-service/resources/${encodeURIComponent(resourceId)}`, { signal });
}

/** The children of one node; the tree asks for them when the node opens. */
export const resourceChildrenQueryOptions = (resourceId: string) =>
  queryOptions({
    queryKey: [...resourcesKey, 'children', resourceId],
    queryFn: ({ signal }) => fetchResourceChildren(resourceId, signal),
  });
