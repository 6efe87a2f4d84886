import type { Dictionary, UpdateDictionary } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionariesKey } from './list-dictionaries';

/** PUT /admin-service/v2/dictionary: the whole dictionary, by `dictionaryId`. */
export function updateDictionary(body: UpdateDictionary): Promise<Dictionary> {
  return api.put<Dictionary>('/admin-service/v2/dictionary', body);
}

export const useUpdateDictionary = () => useRefreshingMutation(updateDictionary, dictionariesKey);
