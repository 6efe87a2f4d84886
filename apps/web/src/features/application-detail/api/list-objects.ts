import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type DataObject, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every object query starts with this key. */
export const objectsKey = ['application-detail', 'objects'] as const;

/** GET /admin-service/v2/object: an application's data objects, 0-based page, newest first. */
export async function fetchObjects(
  { appId, page, size, search }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<DataObject>> {
  const body = await api.get<Page<DataObject>>('/admin-service/v2/object', {
    params: { ...search, applicationId: appId, sort: DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const objectsQueryOptions = (params: ListQuery & { appId: string }) =>
  queryOptions({
    queryKey: [...objectsKey, 'list', params],
    queryFn: ({ signal }) => fetchObjects(params, signal),
    placeholderData: keepPreviousData,
  });
