import type { NamedRef } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { groupsKey } from './list-groups';

/** PUT /admin-service/v2/group/{id}/roles: replaces the roles the group gives its members. */
export function setGroupRoles({
  groupId,
  roleIds,
}: {
  groupId: string;
  roleIds: string[];
}): Promise<NamedRef[]> {
  return api.put<NamedRef[]>(`/admin-service/v2/group/${encodeURIComponent(groupId)}/roles`, { roleIds });
}

export const useSetGroupRoles = () => useRefreshingMutation(setGroupRoles, groupsKey);
