import { type DataObject, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { CHOICES_SIZE, objectsKey } from './keys';

export { objectsKey };

/** GET /admin-service/v2/object: an application's data objects, 0-based page, newest first. */
export async function fetchObjects(
  { appId, page, size, search, sort }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<DataObject>> {
  const body = await api.get<Page<DataObject>>('/admin-service/v2/object', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
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

/** An object as a picker names it: "Orders (orders)". */
export const objectChoice = (o: Pick<DataObject, 'objectId' | 'name' | 'code'>): Choice => ({
  value: o.objectId,
  label: `${o.name} (${o.code})`,
});

/** The application's objects matching `keyword`, newest first: an object picker's choices. */
export const objectChoicesQueryOptions = (appId: string) => (keyword: string) =>
  queryOptions({
    queryKey: [...objectsKey, 'choices', appId, keyword],
    queryFn: async ({ signal }) =>
      (
        await fetchObjects({ appId, page: 1, size: CHOICES_SIZE, search: keyword ? { keyword } : {} }, signal)
      ).items.map(objectChoice),
  });

/** GET /admin-service/v2/object/{id}: one object, to name the one a record holds. */
export const objectQueryOptions = (objectId: string) =>
  queryOptions({
    queryKey: [...objectsKey, 'one', objectId],
    queryFn: ({ signal }) =>
      api.get<DataObject>(`/admin-service/v2/object/${encodeURIComponent(objectId)}`, { signal }),
  });
