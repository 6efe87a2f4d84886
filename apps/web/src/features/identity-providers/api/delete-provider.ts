import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { providersKey, providerUrl } from './list-providers';

/** DELETE /admin-service/v2/identity-providers/{id}: its users' linked identities go with it. */
export function deleteProvider(providerId: string): Promise<void> {
  return api.delete<void>(providerUrl(providerId));
}

export const useDeleteProvider = () => useRefreshingMutation(deleteProvider, providersKey);
