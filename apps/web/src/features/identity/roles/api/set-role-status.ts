import type { Role, Status } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { rolesKey } from './list-roles';

/** PUT /admin-service/v2/role/{id}/status: a disabled role grants nothing. */
export function setRoleStatus({ roleId, status }: { roleId: string; status: Status }): Promise<Role> {
  return api.put<Role>(`/admin-service/v2/role/${encodeURIComponent(roleId)}/status`, { status });
}

export const useSetRoleStatus = () => useRefreshingMutation(setRoleStatus, rolesKey);
