import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Resource } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { resourcesKey } from './resource-list';

/** GET /admin-service/resources/{resourceId} (spec §7): the node's direct children. */
export function fetchResourceChildren(resourceId: string, signal?: AbortSignal): Promise<Resource[]> {
  return api.get<Resource[]>(`/admin-service/resources/${encodeURIComponent(resourceId)}`, { signal });
}

export const resourceChildrenQueryOptions = (resourceId: string) =>
  queryOptions({
    queryKey: [...resourcesKey, 'children', resourceId],
    queryFn: ({ signal }) => fetchResourceChildren(resourceId, signal),
  });

/** The children of each expanded node, by resourceId; a node's children load when it opens. */
export function useResourceChildren(resourceIds: string[]) {
  return useQueries({
    queries: resourceIds.map(resourceChildrenQueryOptions),
    combine: (results) => {
      const children = new Map<string, Resource[]>();
      const loading = new Set<string>();
      results.forEach((result, i) => {
        const id = resourceIds[i]!;
        if (result.data) children.set(id, result.data);
        if (result.isFetching && !result.data) loading.add(id);
      });
      return { children, loading };
    },
  });
}
