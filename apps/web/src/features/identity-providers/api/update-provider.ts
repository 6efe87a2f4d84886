import type { IdentityProvider, UpdateIdentityProvider } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { PROVIDERS_URL, providersKey } from './list-providers';

/** PUT /admin-service/v2/identity-providers: every setting; the type stays, and a secret left out stays. */
export function updateProvider(body: UpdateIdentityProvider): Promise<IdentityProvider> {
  return api.put<IdentityProvider>(PROVIDERS_URL, body);
}

export const useUpdateProvider = () => useRefreshingMutation(updateProvider, providersKey);
