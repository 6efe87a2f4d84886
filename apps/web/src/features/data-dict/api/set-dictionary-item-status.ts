import type { DictionaryItem, Status } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionaryItemsKey } from './list-dictionary-items';

/** PUT /admin-service/v2/dictionary/item/{id}/status: a disabled item is not offered. */
export function setDictionaryItemStatus({
  itemId,
  status,
}: {
  itemId: string;
  status: Status;
}): Promise<DictionaryItem> {
  return api.put<DictionaryItem>(`/admin-service/v2/dictionary/item/${encodeURIComponent(itemId)}/status`, {
    status,
  });
}

export const useSetDictionaryItemStatus = () =>
  useRefreshingMutation(setDictionaryItemStatus, dictionaryItemsKey);
