import type {
  CreatedPersonalAccessToken,
  CreatePersonalAccessToken,
  PersonalAccessToken,
  ScopeGrant,
} from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

const KEY = ['personal-access-tokens'] as const;
const PATH = '/admin-service/user/personal-access-tokens';

/** GET /admin-service/user/personal-access-tokens: the signed-in user's tokens, never the tokens themselves. */
export function fetchPersonalAccessTokens(signal?: AbortSignal): Promise<PersonalAccessToken[]> {
  return api.get<PersonalAccessToken[]>(PATH, { signal });
}

export const personalAccessTokensQueryOptions = () =>
  queryOptions({ queryKey: KEY, queryFn: ({ signal }) => fetchPersonalAccessTokens(signal) });

export function usePersonalAccessTokens() {
  return useQuery(personalAccessTokensQueryOptions());
}

/** GET …/scope-choices: the permission/action pairs the user holds now, what a token may list. */
export function useScopeChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'scope-choices'],
    queryFn: ({ signal }) => api.get<ScopeGrant[]>(`${PATH}/scope-choices`, { signal }),
    enabled,
  });
}

/** POST …: a new token, in this answer only. */
export function createPersonalAccessToken(
  body: CreatePersonalAccessToken,
): Promise<CreatedPersonalAccessToken> {
  return api.post<CreatedPersonalAccessToken>(PATH, body);
}

export const useCreatePersonalAccessToken = () => useRefreshingMutation(createPersonalAccessToken, KEY);

/** DELETE …/{tokenId}: scripts using it stop at once. */
export function revokePersonalAccessToken(tokenId: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`${PATH}/${encodeURIComponent(tokenId)}`);
}

export const useRevokePersonalAccessToken = () => useRefreshingMutation(revokePersonalAccessToken, KEY);
