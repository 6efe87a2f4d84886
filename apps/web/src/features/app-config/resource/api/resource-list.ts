import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SORT, type Page, type Resource } from '@gatehouse/contract';
import type { SearchValues } from '@/components/search-bar';
import { api } from '@/lib/http';

/** The list as the screen reads it: the `content/totalElements` envelope stays in this file. */
export type ResourcePage = { items: Resource[]; total: number };

export type ResourceListParams = {
  appId: string;
  /** 1-based, as the pager shows it. */
  page: number;
  size: number;
  search: SearchValues;
};

/** Every resource query (roots, searches and children) starts with this key. */
export const resourcesKey = ['app-config', 'resources'] as const;

/**
 * GET /admin-service/resources (spec §7). Without a search the application's root nodes;
 * with one, the matching nodes at any depth.
 */
export async function fetchResourceList(
  { appId, page, size, search }: ResourceListParams,
  signal?: AbortSignal,
): Promise<ResourcePage> {
  const body = await api.get<Page<Resource>>('/admin-service/resources', {
    params: { ...search, applicationId: appId, sort: DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const resourceListQueryOptions = (params: ResourceListParams) =>
  queryOptions({
    queryKey: [...resourcesKey, 'list', params],
    queryFn: ({ signal }) => fetchResourceList(params, signal),
    placeholderData: keepPreviousData,
  });

export function useResourceList(params: ResourceListParams) {
  return useQuery({ ...resourceListQueryOptions(params), enabled: params.appId !== '' });
}
