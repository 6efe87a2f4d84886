import type { Status, User } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { usersKey } from './list-users';

/** PUT /admin-service/v2/user/{id}/status: disabling ends the user's sessions on the server. */
export function setUserStatus({ userId, status }: { userId: string; status: Status }): Promise<User> {
  return api.put<User>(`/admin-service/v2/user/${encodeURIComponent(userId)}/status`, { status });
}

export const useSetUserStatus = () => useRefreshingMutation(setUserStatus, usersKey);
