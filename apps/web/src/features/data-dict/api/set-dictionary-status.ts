import type { Dictionary, Status } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dictionariesKey } from './list-dictionaries';

/** PUT /admin-service/v2/dictionary/{id}/status: a disabled dictionary offers no values. */
export function setDictionaryStatus({
  dictionaryId,
  status,
}: {
  dictionaryId: string;
  status: Status;
}): Promise<Dictionary> {
  return api.put<Dictionary>(`/admin-service/v2/dictionary/${encodeURIComponent(dictionaryId)}/status`, {
    status,
  });
}

export const useSetDictionaryStatus = () => useRefreshingMutation(setDictionaryStatus, dictionariesKey);
