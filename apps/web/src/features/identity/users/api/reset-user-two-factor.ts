import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { usersKey } from './list-users';

/** DELETE /admin-service/v2/user/{id}/two-factor: the user's two-factor sign-in is off until they enrol again. */
export function resetUserTwoFactor(userId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/user/${encodeURIComponent(userId)}/two-factor`);
}

export const useResetUserTwoFactor = () => useRefreshingMutation(resetUserTwoFactor, usersKey);
