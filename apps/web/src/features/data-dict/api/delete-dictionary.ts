import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionariesKey } from './list-dictionaries';

/** DELETE /admin-service/v2/dictionary/{id}: the dictionary and its items. */
export function deleteDictionary(dictionaryId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/dictionary/${encodeURIComponent(dictionaryId)}`);
}

export const useDeleteDictionary = () => useRefreshingMutation(deleteDictionary, dictionariesKey);
