import type { CreateGroup, Group } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { groupsKey } from './list-groups';

/** POST /admin-service/v2/group. */
export function createGroup(body: CreateGroup): Promise<Group> {
  return api.post<Group>('/admin-service/v2/group', body);
}

export const useCreateGroup = () => useRefreshingMutation(createGroup, groupsKey);
