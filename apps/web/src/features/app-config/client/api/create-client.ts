import type { CreateClient, CreatedClient } from '@gatehouse/contract';
import { clientsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** POST /admin-service/v2/application/client: the one answer that carries the secret. */
export function createClient(body: CreateClient): Promise<CreatedClient> {
  return api.post<CreatedClient>('/admin-service/v2/application/client', body);
}

export const useCreateClient = () => useRefreshingMutation(createClient, clientsKey);
