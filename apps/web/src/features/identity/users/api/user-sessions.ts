import type { UserSession } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { usersKey } from './list-users';

/** GET /admin-service/v2/user/{id}/sessions: the user's live sessions, the most recently used first. */
export function fetchUserSessions(userId: string, signal?: AbortSignal): Promise<UserSession[]> {
  return api.get<UserSession[]>(`/admin-service/v2/user/${encodeURIComponent(userId)}/sessions`, { signal });
}

export const userSessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...usersKey, 'sessions', userId],
    queryFn: ({ signal }) => fetchUserSessions(userId, signal),
    // Sessions come and go as the user signs in and out; what was read a while ago is not news.
    staleTime: 0,
  });

export function useUserSessions(userId: string | undefined) {
  return useQuery({ ...userSessionsQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
