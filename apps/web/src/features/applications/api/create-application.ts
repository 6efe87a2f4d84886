import type { Application, CreateApplication } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationsKey } from '@/api/applications';
import { api } from '@/lib/http';
import { productsKey } from '../products/api/list-products';

/** POST /admin-service/v2/application. */
export function createApplication(body: CreateApplication): Promise<Application> {
  return api.post<Application>('/admin-service/v2/application', body);
}

/** A new application may join a product, whose application count changes with it. */
export function useCreateApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationsKey }),
        client.invalidateQueries({ queryKey: productsKey }),
      ]),
  });
}
