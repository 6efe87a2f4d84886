import { DEFAULT_SORT, type Dictionary, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every dictionary query (items included) starts with this key. */
export const dictionariesKey = ['dictionaries'] as const;

/** GET /admin-service/v2/dictionary: one application's dictionaries, 0-based page, newest first. */
export async function fetchDictionaries(
  { appId, page, size, search, sort }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<Dictionary>> {
  const body = await api.get<Page<Dictionary>>('/admin-service/v2/dictionary', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const dictionariesQueryOptions = (params: ListQuery & { appId: string }) =>
  queryOptions({
    queryKey: [...dictionariesKey, 'list', params],
    queryFn: ({ signal }) => fetchDictionaries(params, signal),
    placeholderData: keepPreviousData,
  });
