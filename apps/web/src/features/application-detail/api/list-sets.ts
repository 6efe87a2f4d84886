import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type DataSet, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every set query starts with this key. */
export const setsKey = ['application-detail', 'sets'] as const;

/** GET /admin-service/v2/set: an application's sets, 0-based page, newest first. */
export async function fetchSets(
  { appId, page, size, search }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<DataSet>> {
  const body = await api.get<Page<DataSet>>('/admin-service/v2/set', {
    params: { ...search, applicationId: appId, sort: DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const setsQueryOptions = (params: ListQuery & { appId: string }) =>
  queryOptions({
    queryKey: [...setsKey, 'list', params],
    queryFn: ({ signal }) => fetchSets(params, signal),
    placeholderData: keepPreviousData,
  });
