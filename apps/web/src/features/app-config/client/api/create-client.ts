import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateClient, CreatedClient } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { clientsKey } from './client-list';

/** POST /admin-service/v2/application/client: the one answer that carries the secret. */
export function createClient(body: CreateClient): Promise<CreatedClient> {
  return api.post<CreatedClient>('/admin-service/v2/application/client', body);
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
