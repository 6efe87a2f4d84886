import type { UserMembership } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/user/{id}/groups: replaces the groups the user belongs to. */
export function setUserGroups({
  userId,
  groupIds,
}: {
  userId: string;
  groupIds: string[];
}): Promise<UserMembership> {
  return api.put<UserMembership>(`/admin-service/v2/user/${encodeURIComponent(userId)}/groups`, { groupIds });
}

// The groups' member counts change with it.
export const useSetUserGroups = () => useRefreshingMutation(setUserGroups, identityKey);
