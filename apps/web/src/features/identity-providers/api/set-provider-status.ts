import type { IdentityProvider, Status } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { providersKey, providerUrl } from './list-providers';

/** PUT /admin-service/v2/identity-providers/{id}/status: a disabled provider signs nobody in. */
export function setProviderStatus({
  providerId,
  status,
}: {
  providerId: string;
  status: Status;
}): Promise<IdentityProvider> {
  return api.put<IdentityProvider>(providerUrl(providerId, 'status'), { status });
}

export const useSetProviderStatus = () => useRefreshingMutation(setProviderStatus, providersKey);
