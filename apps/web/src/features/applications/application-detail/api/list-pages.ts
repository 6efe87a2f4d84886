import { type AppPage, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every page query starts with this key. */
export const pagesKey = ['application-detail', 'pages'] as const;

/** GET /admin-service/v2/application/pages: an application's pages with their elements. */
export async function fetchPages(
  { appId, page, size, search, sort }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<AppPage>> {
  const body = await api.get<Page<AppPage>>('/admin-service/v2/application/pages', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const pagesQueryOptions = (params: ListQuery & { appId: string }) =>
  queryOptions({
    queryKey: [...pagesKey, 'list', params],
    queryFn: ({ signal }) => fetchPages(params, signal),
    placeholderData: keepPreviousData,
  });
