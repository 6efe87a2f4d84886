import type { Application, UpdateApplication } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationsKey } from '@/api/applications';
import { api } from '@/lib/http';
import { productsKey } from '../products/api/list-products';

/**
 * PUT /admin-service/v2/application: the key in the body, fields left out keep their value.
 * It is also the status change; the built-in platform application is not disabled.
 */
export function updateApplication(body: UpdateApplication): Promise<Application> {
  return api.put<Application>('/admin-service/v2/application', body);
}

/** Moving an application between products changes their application counts too. */
export function useUpdateApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: applicationsKey }),
        client.invalidateQueries({ queryKey: productsKey }),
      ]),
  });
}
