import type { ClientSecretInfo } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsKey } from '@/api/keys';
import { api } from '@/lib/http';

/** GET /admin-service/v2/application/client/{acId}/secret: when each secret was made, expires and was last used. */
export function fetchClientSecrets(acId: string, signal?: AbortSignal): Promise<ClientSecretInfo[]> {
  return api.get<ClientSecretInfo[]>(
    `/admin-service/v2/application/client/${encodeURIComponent(acId)}/secret`,
    { signal },
  );
}

export const clientSecretsQueryOptions = (acId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'secrets', acId],
    queryFn: ({ signal }) => fetchClientSecrets(acId, signal),
    // Last use changes with every token request: what was read a while ago is not news.
    staleTime: 0,
  });

export function useClientSecrets(acId: string | undefined) {
  return useQuery({ ...clientSecretsQueryOptions(acId ?? ''), enabled: acId !== undefined });
}
