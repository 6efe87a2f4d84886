import type { Client, UpdateClient } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { clientsKey } from '@/api/keys';

/** PUT /admin-service/v2/application/client: name, redirect URL and status. */
export function updateClient(body: UpdateClient): Promise<Client> {
  return api.put<Client>('/admin-service/v2/application/client', body);
}

export const useUpdateClient = () => useRefreshingMutation(updateClient, clientsKey);
