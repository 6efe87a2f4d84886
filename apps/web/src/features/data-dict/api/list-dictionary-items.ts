import { ALL_STATUSES, type DictionaryItem } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { dictionariesKey } from './list-dictionaries';

export const dictionaryItemsKey = [...dictionariesKey, 'items'] as const;

/** GET /admin-service/dictionary/item/?dictionaryId=…&status=-1: every item, in their order. */
export async function fetchDictionaryItems(
  dictionaryId: string,
  signal?: AbortSignal,
): Promise<DictionaryItem[]> {
  return api.get<DictionaryItem[]>('/admin-service/dictionary/item/', {
    params: { dictionaryId, status: ALL_STATUSES },
    signal,
  });
}

export const dictionaryItemsQueryOptions = (dictionaryId: string) =>
  queryOptions({
    queryKey: [...dictionaryItemsKey, dictionaryId],
    queryFn: ({ signal }) => fetchDictionaryItems(dictionaryId, signal),
  });

export function useDictionaryItems(dictionaryId: string | undefined) {
  return useQuery({
    ...dictionaryItemsQueryOptions(dictionaryId ?? ''),
    enabled: dictionaryId !== undefined,
  });
}
