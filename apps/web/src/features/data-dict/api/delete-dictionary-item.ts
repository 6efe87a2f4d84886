import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionaryItemsKey } from './list-dictionary-items';

/** DELETE /admin-service/v2/dictionary/item/{id}. */
export function deleteDictionaryItem(itemId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/dictionary/item/${encodeURIComponent(itemId)}`);
}

export const useDeleteDictionaryItem = () => useRefreshingMutation(deleteDictionaryItem, dictionaryItemsKey);
