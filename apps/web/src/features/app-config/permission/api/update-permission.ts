import type { Permission, UpdatePermission } from '@gatehouse/contract';
import { permissionsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/permission/updatePermission: the whole record, `resourceId` included. */
export function updatePermission(body: UpdatePermission): Promise<Permission> {
  return api.put<Permission>('/admin-service/permission/updatePermission', body);
}

export const useUpdatePermission = () => useRefreshingMutation(updatePermission, permissionsKey);
