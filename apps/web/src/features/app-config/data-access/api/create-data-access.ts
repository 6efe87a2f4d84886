import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDataAccess, DataAccess } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { dataAccessesKey } from './list-data-accesses';

/** POST /admin-service/data/access. */
export function createDataAccess(body: CreateDataAccess): Promise<DataAccess> {
  return api.post<DataAccess>('/admin-service/data/access', body);
}

export function useCreateDataAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataAccess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataAccessesKey }),
  });
}
