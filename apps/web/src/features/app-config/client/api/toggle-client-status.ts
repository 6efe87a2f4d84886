import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { clientsKey } from './client-list';

/**
 * PUT /admin-service/applicationClient/updateClientStatus?acId= (spec §7): the server flips
 * the status itself, so the call carries no body.
 */
export function toggleClientStatus(acId: string): Promise<Client> {
  return api.put<Client>('/admin-service/applicationClient/updateClientStatus', undefined, {
    params: { acId },
  });
}

export function useToggleClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleClientStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey }),
  });
}
