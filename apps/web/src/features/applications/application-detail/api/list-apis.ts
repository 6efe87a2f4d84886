import { type AppApi, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every API query starts with this key. */
export const apisKey = ['application-detail', 'apis'] as const;

/** GET /admin-service/v2/application/api: an application's HTTP APIs, 0-based page, newest first. */
export async function fetchApis(
  { appId, page, size, search, sort }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<AppApi>> {
  const body = await api.get<Page<AppApi>>('/admin-service/v2/application/api', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const apisQueryOptions = (params: ListQuery & { appId: string }) =>
  queryOptions({
    queryKey: [...apisKey, 'list', params],
    queryFn: ({ signal }) => fetchApis(params, signal),
    placeholderData: keepPreviousData,
  });
