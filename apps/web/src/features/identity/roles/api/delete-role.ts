import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { rolesKey } from './list-roles';

/** DELETE /admin-service/v2/role/{id}: the server refuses (409, saying who) while a user or group holds it. */
export function deleteRole(roleId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/role/${encodeURIComponent(roleId)}`);
}

export const useDeleteRole = () => useRefreshingMutation(deleteRole, rolesKey);
