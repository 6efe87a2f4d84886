import { ENABLED_STATUSES, MAX_PAGE_SIZE, type Page, type Resource } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { rolesKey } from './list-roles';

/** The resource trees the grants are chosen from; they change on the App Resource screen, not here. */
const resourcesKey = [...rolesKey, 'resources'] as const;

/** Asks GET /admin-service/resources page after page until it has every row. */
async function allResources(params: Record<string, unknown>, signal?: AbortSignal): Promise<Resource[]> {
  const rows: Resource[] = [];
  for (let page = 0; ; page++) {
    const body = await api.get<Page<Resource>>('/admin-service/resources', {
      params: { ...params, sort: 'order,asc', page, size: MAX_PAGE_SIZE },
      signal,
    });
    rows.push(...body.content);
    if (body.content.length === 0 || rows.length >= body.totalElements) return rows;
  }
}

/** GET /admin-service/resources without a search: the root nodes (categories) of an application. */
export function fetchResourceRoots(applicationId: string, signal?: AbortSignal): Promise<Resource[]> {
  return allResources({ applicationId }, signal);
}

export const resourceRootsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...resourcesKey, 'roots', applicationId],
    queryFn: ({ signal }) => fetchResourceRoots(applicationId, signal),
  });

/** GET /admin-service/resources/{id}: the direct children of a node, when it opens in the tree. */
export function fetchResourceChildren(resourceId: string, signal?: AbortSignal): Promise<Resource[]> {
  return api.get<Resource[]>(`/admin-service/resources/${encodeURIComponent(resourceId)}`, { signal });
}

export const resourceChildrenQueryOptions = (resourceId: string) =>
  queryOptions({
    queryKey: [...resourcesKey, 'children', resourceId],
    queryFn: ({ signal }) => fetchResourceChildren(resourceId, signal),
  });

/**
 * Every resource of an application at any depth, flat: a search (by either status) lists the
 * matching nodes of every level. The preview builds the whole navigation from it.
 */
export function fetchAllResources(applicationId: string, signal?: AbortSignal): Promise<Resource[]> {
  return allResources({ applicationId, status: [...ENABLED_STATUSES] }, signal);
}

export const allResourcesQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...resourcesKey, 'all', applicationId],
    queryFn: ({ signal }) => fetchAllResources(applicationId, signal),
  });
