import type { Group } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/group/{id}/members: replaces the members (read them with GET user?groupId=). */
export function setGroupMembers({
  groupId,
  userIds,
}: {
  groupId: string;
  userIds: string[];
}): Promise<Group> {
  return api.put<Group>(`/admin-service/v2/group/${encodeURIComponent(groupId)}/members`, { userIds });
}

// The members' own lists of groups change, and the group's member count.
export const useSetGroupMembers = () => useRefreshingMutation(setGroupMembers, identityKey);
