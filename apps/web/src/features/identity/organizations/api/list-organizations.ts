import { DEFAULT_SORT, MAX_PAGE_SIZE, type Organization, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { identityKey } from '@/api/keys';
import type { SearchValues } from '@/components/search-bar';
import { api } from '@/lib/http';

/** Every organization query starts with this key. */
export const organizationsKey = [...identityKey, 'organizations'] as const;

const ORGANIZATIONS_URL = '/admin-service/v2/organization';

/** A tree level reads best by name. */
const TREE_SORT = 'name,asc';

/** Asks for the pages of a list one after another until it has every row. */
async function allPages(params: Record<string, unknown>, signal?: AbortSignal): Promise<Organization[]> {
  const rows: Organization[] = [];
  for (let page = 0; ; page++) {
    const body = await api.get<Page<Organization>>(ORGANIZATIONS_URL, {
      params: { ...params, sort: TREE_SORT, page, size: MAX_PAGE_SIZE },
      signal,
    });
    rows.push(...body.content);
    if (body.content.length === 0 || rows.length >= body.totalElements) return rows;
  }
}

/**
 * GET /admin-service/v2/organization?parentId=: the children of a node, or the top level
 * without one; every page of them, since a tree level is shown whole.
 */
export function fetchOrganizationChildren(parentId: string | null, signal?: AbortSignal) {
  return allPages(parentId === null ? {} : { parentId }, signal);
}

export const organizationChildrenQueryOptions = (parentId: string | null) =>
  queryOptions({
    queryKey: [...organizationsKey, 'children', parentId],
    queryFn: ({ signal }) => fetchOrganizationChildren(parentId, signal),
  });

/** How many matches a search of the tree shows; a narrower search finds the rest. */
export const ORGANIZATION_SEARCH_SIZE = MAX_PAGE_SIZE;

/** GET /admin-service/v2/organization with a search: the matching nodes at any depth, with their paths. */
export async function searchOrganizations(
  search: SearchValues,
  signal?: AbortSignal,
): Promise<{ items: Organization[]; total: number }> {
  const body = await api.get<Page<Organization>>(ORGANIZATIONS_URL, {
    params: { ...search, sort: DEFAULT_SORT, page: 0, size: ORGANIZATION_SEARCH_SIZE },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const organizationSearchQueryOptions = (search: SearchValues) =>
  queryOptions({
    queryKey: [...organizationsKey, 'search', search],
    queryFn: ({ signal }) => searchOrganizations(search, signal),
    placeholderData: keepPreviousData,
  });
