import type { UserMembership } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/user/{id}/roles: replaces the roles the user holds directly. */
export function setUserRoles({
  userId,
  roleIds,
}: {
  userId: string;
  roleIds: string[];
}): Promise<UserMembership> {
  return api.put<UserMembership>(`/admin-service/v2/user/${encodeURIComponent(userId)}/roles`, { roleIds });
}

export const useSetUserRoles = () => useRefreshingMutation(setUserRoles, identityKey);
