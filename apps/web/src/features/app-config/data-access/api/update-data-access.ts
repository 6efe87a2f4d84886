import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataAccess, UpdateDataAccess } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { dataAccessesKey } from './list-data-accesses';

/** PUT /admin-service/data/access: the whole record, `resourceId` included. */
export function updateDataAccess(body: UpdateDataAccess): Promise<DataAccess> {
  return api.put<DataAccess>('/admin-service/data/access', body);
}

export function useUpdateDataAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDataAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataAccessesKey }),
  });
}
