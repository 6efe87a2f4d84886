import type { DataAccess } from '@gatehouse/contract';
import { useQueries } from '@tanstack/react-query';
import { objectChoice, objectQueryOptions } from '@/api/objects';
import { setChoice, setQueryOptions } from '@/api/sets';

/** The names of the object and set a data access is scoped to, for its edit and detail forms. */
export function useScopeNames(record: Pick<DataAccess, 'objectId' | 'setId'> | undefined, enabled: boolean) {
  const [object, set] = useQueries({
    queries: [
      { ...objectQueryOptions(record?.objectId ?? ''), enabled: enabled && !!record?.objectId },
      { ...setQueryOptions(record?.setId ?? ''), enabled: enabled && !!record?.setId },
    ],
  });
  return {
    objects: object?.data ? [objectChoice(object.data)] : [],
    sets: set?.data ? [setChoice(set.data)] : [],
  };
}
