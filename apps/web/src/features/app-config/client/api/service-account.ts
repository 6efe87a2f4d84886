import type { ServiceAccount, SetServiceAccount } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

const path = (acId: string) =>
  `/admin-service/v2/application/client/${encodeURIComponent(acId)}/service-account`;

/** GET /admin-service/v2/application/client/{acId}/service-account: whether it is enabled, and its user. */
export function fetchServiceAccount(acId: string, signal?: AbortSignal): Promise<ServiceAccount> {
  return api.get<ServiceAccount>(path(acId), { signal });
}

export const serviceAccountQueryOptions = (acId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'service-account', acId],
    queryFn: ({ signal }) => fetchServiceAccount(acId, signal),
  });

export function useServiceAccount(acId: string | undefined) {
  return useQuery({ ...serviceAccountQueryOptions(acId ?? ''), enabled: acId !== undefined });
}

/** PUT /admin-service/v2/application/client/{acId}/service-account: the first enabling creates its user. */
export function setServiceAccount({
  acId,
  ...body
}: { acId: string } & SetServiceAccount): Promise<ServiceAccount> {
  return api.put<ServiceAccount>(path(acId), body);
}

export const useSetServiceAccount = () => useRefreshingMutation(setServiceAccount, clientsKey);
