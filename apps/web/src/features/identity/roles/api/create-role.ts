import type { CreateRole, Role } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { rolesKey } from './list-roles';

/** POST /admin-service/v2/role: a role without grants, which its Grants action then gives. */
export function createRole(body: CreateRole): Promise<Role> {
  return api.post<Role>('/admin-service/v2/role', body);
}

export const useCreateRole = () => useRefreshingMutation(createRole, rolesKey);
