import type { RoleGrants } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { rolesKey } from './list-roles';

/** GET /admin-service/v2/role/{id}/grants: the role's permission grants and granted resources. */
export function fetchRoleGrants(roleId: string, signal?: AbortSignal): Promise<RoleGrants> {
  return api.get<RoleGrants>(`/admin-service/v2/role/${encodeURIComponent(roleId)}/grants`, { signal });
}

export const roleGrantsQueryOptions = (roleId: string) =>
  queryOptions({
    queryKey: [...rolesKey, 'grants', roleId],
    queryFn: ({ signal }) => fetchRoleGrants(roleId, signal),
  });

export function useRoleGrants(roleId: string | undefined) {
  return useQuery({ ...roleGrantsQueryOptions(roleId ?? ''), enabled: roleId !== undefined });
}
