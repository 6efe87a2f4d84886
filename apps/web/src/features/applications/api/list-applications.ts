import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type Application, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/**
 * Every application query in the console starts with this key (the app-config picker uses
 * the same root), so creating an application refreshes every list that offers it.
 */
export const applicationsKey = ['applications'] as const;

/** GET /admin-service/v2/application: 0-based page, newest first; the envelope stays here. */
export async function fetchApplications(
  { page, size, search }: ListQuery,
  signal?: AbortSignal,
): Promise<RowsPage<Application>> {
  const body = await api.get<Page<Application>>('/admin-service/v2/application', {
    params: { ...search, sort: DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const applicationsQueryOptions = (params: ListQuery) =>
  queryOptions({
    queryKey: [...applicationsKey, 'list', params],
    queryFn: ({ signal }) => fetchApplications(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });
