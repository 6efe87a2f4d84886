import type { Group, Status } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { groupsKey } from './list-groups';

/** PUT /admin-service/v2/group/{id}/status: a disabled group gives its members none of its roles. */
export function setGroupStatus({ groupId, status }: { groupId: string; status: Status }): Promise<Group> {
  return api.put<Group>(`/admin-service/v2/group/${encodeURIComponent(groupId)}/status`, { status });
}

export const useSetGroupStatus = () => useRefreshingMutation(setGroupStatus, groupsKey);
