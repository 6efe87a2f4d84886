import type { Client } from '@gatehouse/contract';
import { clientsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/**
 * PUT /admin-service/applicationClient/updateClientStatus?acId= (spec §7): the server flips
 * the status itself, so the call carries no body.
 */
export function toggleClientStatus(acId: string): Promise<Client> {
  return api.put<Client>('/admin-service/applicationClient/updateClientStatus', undefined, {
    params: { acId },
  });
}

export const useToggleClientStatus = () => useRefreshingMutation(toggleClientStatus, clientsKey);
