import type { Application, CreateApplication } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { applicationsKey } from './list-applications';

/** POST /admin-service/v2/application. */
export function createApplication(body: CreateApplication): Promise<Application> {
  return api.post<Application>('/admin-service/v2/application', body);
}

export const useCreateApplication = () => useRefreshingMutation(createApplication, applicationsKey);
