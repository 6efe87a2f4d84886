import { type DataSet, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { CHOICES_SIZE, setsKey } from './keys';

export { setsKey };

/** GET /admin-service/v2/set: an application's sets, 0-based page, newest first. */
export async function fetchSets(
  { appId, page, size, search, sort }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<DataSet>> {
  const body = await api.get<Page<DataSet>>('/admin-service/v2/set', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
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

/** A set as a picker names it: "EU customers (eu)". */
export const setChoice = (s: Pick<DataSet, 'setId' | 'name' | 'code'>): Choice => ({
  value: s.setId,
  label: `${s.name} (${s.code})`,
});

/** The sets of `objectId` (or of any object, before one is chosen) matching `keyword`. */
export const setChoicesQueryOptions =
  (appId: string, objectId: string | null | undefined) => (keyword: string) =>
    queryOptions({
      queryKey: [...setsKey, 'choices', appId, objectId ?? '', keyword],
      queryFn: async ({ signal }) =>
        (
          await fetchSets(
            {
              appId,
              page: 1,
              size: CHOICES_SIZE,
              search: { ...(keyword ? { keyword } : {}), ...(objectId ? { objectId } : {}) },
            },
            signal,
          )
        ).items.map(setChoice),
    });

/** GET /admin-service/v2/set/{id}: one set, to name the one a record holds. */
export const setQueryOptions = (setId: string) =>
  queryOptions({
    queryKey: [...setsKey, 'one', setId],
    queryFn: ({ signal }) =>
      api.get<DataSet>(`/admin-service/v2/set/${encodeURIComponent(setId)}`, { signal }),
  });
