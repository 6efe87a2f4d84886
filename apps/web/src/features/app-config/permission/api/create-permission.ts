import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePermission, Permission } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { permissionsKey } from './list-permissions';

/** POST /admin-service/permission/createPermission. */
export function createPermission(body: CreatePermission): Promise<Permission> {
  return api.post<Permission>('/admin-service/permission/createPermission', body);
}

export function useCreatePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionsKey }),
  });
}
