import type { DictionaryItem, UpdateDictionaryItem } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionaryItemsKey } from './list-dictionary-items';

/** PUT /admin-service/v2/dictionary/item: the whole item, by `itemId`; left out, the order is the default. */
export function updateDictionaryItem(
  body: Omit<UpdateDictionaryItem, 'order'> & Partial<Pick<UpdateDictionaryItem, 'order'>>,
): Promise<DictionaryItem> {
  return api.put<DictionaryItem>('/admin-service/v2/dictionary/item', body);
}

export const useUpdateDictionaryItem = () => useRefreshingMutation(updateDictionaryItem, dictionaryItemsKey);
