import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchObjects, objectsKey } from '@/api/objects';

/** The first 100 objects of the application, newest first: the set form's choices. */
export function useObjectChoices(appId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: [...objectsKey, 'first-page-choices', appId],
      queryFn: async ({ signal }) =>
        (await fetchObjects({ appId, page: 1, size: 100, search: {} }, signal)).items.map((o) => ({
          value: o.objectId,
          label: `${o.name} (${o.code})`,
        })),
    }),
    enabled,
  });
}
