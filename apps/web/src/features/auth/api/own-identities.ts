import { FEDERATION_API, type LinkedIdentity } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';

const KEY = ['own-identities'] as const;
/** The contract's paths start at the origin; the HTTP client's below /api. */
const BELOW_API = FEDERATION_API.replace(/^\/api(?=\/)/, '');

/** GET {FEDERATION_API}/identities: the signed-in user's identities at the identity providers. */
export function fetchOwnIdentities(signal?: AbortSignal): Promise<LinkedIdentity[]> {
  return api.get<LinkedIdentity[]>(`${BELOW_API}/identities`, { signal });
}

export const ownIdentitiesQueryOptions = () =>
  queryOptions({ queryKey: KEY, queryFn: ({ signal }) => fetchOwnIdentities(signal), staleTime: 0 });

export const useOwnIdentities = () => useQuery(ownIdentitiesQueryOptions());

/** DELETE {FEDERATION_API}/identities/{identityId}: the user no longer signs in with it. */
export function unlinkOwnIdentity(identityId: string): Promise<void> {
  return api.delete<void>(`${BELOW_API}/identities/${encodeURIComponent(identityId)}`);
}

export function useUnlinkOwnIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unlinkOwnIdentity,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/**
 * POST {FEDERATION_API}/{providerId}/link: starts linking the signed-in user to their identity
 * at the provider; the answer is the upstream address to send the browser to.
 */
export function startLink(providerId: string): Promise<{ redirectTo: string }> {
  return api.post<{ redirectTo: string }>(`${BELOW_API}/${encodeURIComponent(providerId)}/link`);
}

export const useStartLink = () => useMutation({ mutationFn: startLink });
