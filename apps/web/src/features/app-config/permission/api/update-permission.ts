import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Permission, UpdatePermission } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { permissionsKey } from './list-permissions';

/** PUT /admin-service/permission/updatePermission: the whole record, `resourceId` included. */
export function updatePermission(body: UpdatePermission): Promise<Permission> {
  return api.put<Permission>('/admin-service/permission/updatePermission', body);
}

export function useUpdatePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionsKey }),
  });
}
