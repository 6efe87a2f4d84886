import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, UpdateClient } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { clientsKey } from './client-list';

/** PUT /admin-service/v2/application/client: name, redirect URL and status. */
export function updateClient(body: UpdateClient): Promise<Client> {
  return api.put<Client>('/admin-service/v2/application/client', body);
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
