import type { RoleGrants } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { rolesKey } from './list-roles';

/**
 * PUT /admin-service/v2/role/{id}/grants: replaces them all. A grant the server refuses comes
 * back as a 400 on its field (`permissions.2.permissionId`), which the form shows there.
 */
export function setRoleGrants({
  roleId,
  grants,
}: {
  roleId: string;
  grants: RoleGrants;
}): Promise<RoleGrants> {
  return api.put<RoleGrants>(`/admin-service/v2/role/${encodeURIComponent(roleId)}/grants`, grants);
}

export const useSetRoleGrants = () => useRefreshingMutation(setRoleGrants, rolesKey);
