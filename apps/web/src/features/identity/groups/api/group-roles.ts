import type { NamedRef } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { groupsKey } from './list-groups';

/** GET /admin-service/v2/group/{id}/roles: the roles the group gives its members, named. */
export function fetchGroupRoles(groupId: string, signal?: AbortSignal): Promise<NamedRef[]> {
  return api.get<NamedRef[]>(`/admin-service/v2/group/${encodeURIComponent(groupId)}/roles`, { signal });
}

export const groupRolesQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...groupsKey, 'roles', groupId],
    queryFn: ({ signal }) => fetchGroupRoles(groupId, signal),
  });

export function useGroupRoles(groupId: string | undefined) {
  return useQuery({ ...groupRolesQueryOptions(groupId ?? ''), enabled: groupId !== undefined });
}
