import type { Group, UpdateGroup } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/group: name, code and description, by `groupId`. */
export function updateGroup(body: UpdateGroup): Promise<Group> {
  return api.put<Group>('/admin-service/v2/group', body);
}

// The pickers name groups too.
export const useUpdateGroup = () => useRefreshingMutation(updateGroup, identityKey);
