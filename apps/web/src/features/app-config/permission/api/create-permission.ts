import type { CreatePermission, Permission } from '@gatehouse/contract';
import { permissionsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** POST /admin-service/permission/createPermission. */
export function createPermission(body: CreatePermission): Promise<Permission> {
  return api.post<Permission>('/admin-service/permission/createPermission', body);
}

export const useCreatePermission = () => useRefreshingMutation(createPermission, permissionsKey);
