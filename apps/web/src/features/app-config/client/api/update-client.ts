import type { Client, UpdateClient } from '@gatehouse/contract';
import { clientsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/application/client: name, redirect URL and status. */
export function updateClient(body: UpdateClient): Promise<Client> {
  return api.put<Client>('/admin-service/v2/application/client', body);
}

export const useUpdateClient = () => useRefreshingMutation(updateClient, clientsKey);
