import type { IdentityProvider, LinkedIdentity, LinkIdentity, Page } from '@gatehouse/contract';
import { IDENTITY_PROVIDER_API, MAX_PAGE_SIZE } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { usersKey } from './list-users';

const url = (userId: string, identityId?: string) =>
  [
    `/admin-service/v2/user/${encodeURIComponent(userId)}/identities`,
    identityId && encodeURIComponent(identityId),
  ]
    .filter(Boolean)
    .join('/');

/** GET /admin-service/v2/user/{id}/identities: the user's identities at the identity providers. */
export function fetchUserIdentities(userId: string, signal?: AbortSignal): Promise<LinkedIdentity[]> {
  return api.get<LinkedIdentity[]>(url(userId), { signal });
}

export const userIdentitiesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...usersKey, 'identities', userId],
    queryFn: ({ signal }) => fetchUserIdentities(userId, signal),
    staleTime: 0,
  });

export function useUserIdentities(userId: string | undefined) {
  return useQuery({ ...userIdentitiesQueryOptions(userId ?? ''), enabled: userId !== undefined });
}

/** POST /admin-service/v2/user/{id}/identities: links the user to a subject of a provider. */
export function linkUserIdentity({
  userId,
  ...body
}: LinkIdentity & { userId: string }): Promise<LinkedIdentity> {
  return api.post<LinkedIdentity>(url(userId), body);
}

export const useLinkUserIdentity = () => useRefreshingMutation(linkUserIdentity, usersKey);

/** DELETE /admin-service/v2/user/{id}/identities/{identityId}. */
export function unlinkUserIdentity({
  userId,
  identityId,
}: {
  userId: string;
  identityId: string;
}): Promise<void> {
  return api.delete<void>(url(userId, identityId));
}

export const useUnlinkUserIdentity = () => useRefreshingMutation(unlinkUserIdentity, usersKey);

/**
 * The providers an identity can be linked at: the first page of the Provider screen's list.
 * Silent: a user administrator who may not read the providers links none, and is told by the
 * empty choice rather than a toast.
 */
export const identityProviderChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...usersKey, 'identity-providers'],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<IdentityProvider>>(IDENTITY_PROVIDER_API.replace(/^\/api(?=\/)/, ''), {
          params: { page: 0, size: MAX_PAGE_SIZE, sort: 'name,asc' },
          signal,
          silent: true,
        })
      ).content.map((provider) => ({ value: provider.providerId, label: provider.name })),
    retry: false,
  });
