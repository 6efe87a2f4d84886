import type { Role, UpdateRole } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/role: name, code and description, by `roleId`. */
export function updateRole(body: UpdateRole): Promise<Role> {
  return api.put<Role>('/admin-service/v2/role', body);
}

// The users' and groups' role lists name roles too.
export const useUpdateRole = () => useRefreshingMutation(updateRole, identityKey);
