import type { AppApi, CreateAppApi, UpdateAppApi } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { apisKey } from './list-apis';

/** POST /admin-service/v2/application/api. */
export function createApi(body: CreateAppApi): Promise<AppApi> {
  return api.post<AppApi>('/admin-service/v2/application/api', body);
}

/** PUT /admin-service/v2/application/api: the whole API, status included, by `apiId`. */
export function updateApi(body: UpdateAppApi): Promise<AppApi> {
  return api.put<AppApi>('/admin-service/v2/application/api', body);
}

export const useCreateApi = () => useRefreshingMutation(createApi, apisKey);
export const useUpdateApi = () => useRefreshingMutation(updateApi, apisKey);
