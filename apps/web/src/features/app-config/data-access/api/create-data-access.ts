import type { CreateDataAccess, DataAccess } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dataAccessesKey } from './list-data-accesses';

/** POST /admin-service/data/access. */
export function createDataAccess(body: CreateDataAccess): Promise<DataAccess> {
  return api.post<DataAccess>('/admin-service/data/access', body);
}

export const useCreateDataAccess = () => useRefreshingMutation(createDataAccess, dataAccessesKey);
