import type { DataAccess, UpdateDataAccess } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { dataAccessesKey } from './list-data-accesses';

/** PUT /admin-service/data/access: the whole record, `resourceId` included. */
export function updateDataAccess(body: UpdateDataAccess): Promise<DataAccess> {
  return api.put<DataAccess>('/admin-service/data/access', body);
}

export const useUpdateDataAccess = () => useRefreshingMutation(updateDataAccess, dataAccessesKey);
