import type { CreateDataSet, DataSet, UpdateDataSet } from '@gatehouse/contract';
import { setsKey } from '@/api/sets';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** POST /admin-service/v2/set. */
export function createSet(body: CreateDataSet): Promise<DataSet> {
  return api.post<DataSet>('/admin-service/v2/set', body);
}

/** PUT /admin-service/v2/set: the whole set, by `setId`. */
export function updateSet(body: UpdateDataSet): Promise<DataSet> {
  return api.put<DataSet>('/admin-service/v2/set', body);
}

/** DELETE /admin-service/v2/set/{id}. */
export function deleteSet(setId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/set/${encodeURIComponent(setId)}`);
}

export const useCreateSet = () => useRefreshingMutation(createSet, setsKey);
export const useUpdateSet = () => useRefreshingMutation(updateSet, setsKey);
export const useDeleteSet = () => useRefreshingMutation(deleteSet, setsKey);
