import type { CreateIdentityProvider, IdentityProvider } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { PROVIDERS_URL, providersKey } from './list-providers';

/** POST /admin-service/v2/identity-providers; the secrets are sealed and never come back. */
export function createProvider(body: CreateIdentityProvider): Promise<IdentityProvider> {
  return api.post<IdentityProvider>(PROVIDERS_URL, body);
}

export const useCreateProvider = () => useRefreshingMutation(createProvider, providersKey);
