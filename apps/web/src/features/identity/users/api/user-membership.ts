import type { UserMembership } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { usersKey } from './list-users';

/** GET /admin-service/v2/user/{id}/membership: the roles the user holds directly and their groups, named. */
export function fetchUserMembership(userId: string, signal?: AbortSignal): Promise<UserMembership> {
  return api.get<UserMembership>(`/admin-service/v2/user/${encodeURIComponent(userId)}/membership`, {
    signal,
  });
}

export const userMembershipQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...usersKey, 'membership', userId],
    queryFn: ({ signal }) => fetchUserMembership(userId, signal),
  });

/** The membership of the user being edited; nothing is asked without one. */
export function useUserMembership(userId: string | undefined) {
  return useQuery({ ...userMembershipQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
