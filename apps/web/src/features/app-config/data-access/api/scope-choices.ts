import { queryOptions, useQueries } from '@tanstack/react-query';
import type { DataAccess, DataObject, DataSet } from '@gatehouse/contract';
import type { Choice } from '@/components/remote-select';
import { fetchObjects, objectsKey } from '@/features/application-detail/api/list-objects';
import { fetchSets, setsKey } from '@/features/application-detail/api/list-sets';
import { api } from '@/lib/http';

/** How many choices a search brings back: enough to pick from, never the whole table. */
const CHOICES = 20;

const objectChoice = (o: Pick<DataObject, 'objectId' | 'name' | 'code'>): Choice => ({
  value: o.objectId,
  label: `${o.name} (${o.code})`,
});
const setChoice = (s: Pick<DataSet, 'setId' | 'name' | 'code'>): Choice => ({
  value: s.setId,
  label: `${s.name} (${s.code})`,
});

/** The application's objects matching `keyword`, newest first: the Object picker's choices. */
export const objectChoicesQueryOptions = (appId: string) => (keyword: string) =>
  queryOptions({
    queryKey: [...objectsKey, 'data-access-choices', appId, keyword],
    queryFn: async ({ signal }) =>
      (
        await fetchObjects({ appId, page: 1, size: CHOICES, search: keyword ? { keyword } : {} }, signal)
      ).items.map(objectChoice),
  });

/** The sets of `objectId` (or of any object, before one is chosen) matching `keyword`. */
export const setChoicesQueryOptions =
  (appId: string, objectId: string | null | undefined) => (keyword: string) =>
    queryOptions({
      queryKey: [...setsKey, 'data-access-choices', appId, objectId ?? '', keyword],
      queryFn: async ({ signal }) =>
        (
          await fetchSets(
            {
              appId,
              page: 1,
              size: CHOICES,
              search: { ...(keyword ? { keyword } : {}), ...(objectId ? { objectId } : {}) },
            },
            signal,
          )
        ).items.map(setChoice),
    });

/** The names of the object and set a data access is scoped to, for its edit and detail forms. */
export function useScopeNames(record: Pick<DataAccess, 'objectId' | 'setId'> | undefined, enabled: boolean) {
  const [object, set] = useQueries({
    queries: [
      {
        queryKey: [...objectsKey, 'one', record?.objectId],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api.get<DataObject>(`/admin-service/v2/object/${encodeURIComponent(record?.objectId ?? '')}`, {
            signal,
          }),
        enabled: enabled && !!record?.objectId,
      },
      {
        queryKey: [...setsKey, 'one', record?.setId],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api.get<DataSet>(`/admin-service/v2/set/${encodeURIComponent(record?.setId ?? '')}`, { signal }),
        enabled: enabled && !!record?.setId,
      },
    ],
  });
  return {
    objects: object?.data ? [objectChoice(object.data)] : [],
    sets: set?.data ? [setChoice(set.data)] : [],
  };
}
