import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application, CreateApplication } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { applicationsKey } from './list-applications';

/** POST /admin-service/v2/application. */
export function createApplication(body: CreateApplication): Promise<Application> {
  return api.post<Application>('/admin-service/v2/application', body);
}

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsKey }),
  });
}
