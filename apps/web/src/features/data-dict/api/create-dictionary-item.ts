import type { CreateDictionaryItem, DictionaryItem } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionaryItemsKey } from './list-dictionary-items';

/** POST /admin-service/v2/dictionary/item; left out, the order is the default. */
export function createDictionaryItem(
  body: Omit<CreateDictionaryItem, 'order'> & Partial<Pick<CreateDictionaryItem, 'order'>>,
): Promise<DictionaryItem> {
  return api.post<DictionaryItem>('/admin-service/v2/dictionary/item', body);
}

export const useCreateDictionaryItem = () => useRefreshingMutation(createDictionaryItem, dictionaryItemsKey);
