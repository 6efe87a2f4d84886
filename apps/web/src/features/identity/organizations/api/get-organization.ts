import type { Organization } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { organizationsKey } from './list-organizations';

/** GET /admin-service/v2/organization/{id}. */
export function fetchOrganization(organizationId: string, signal?: AbortSignal): Promise<Organization> {
  return api.get<Organization>(`/admin-service/v2/organization/${encodeURIComponent(organizationId)}`, {
    signal,
  });
}

export const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...organizationsKey, 'detail', organizationId],
    queryFn: ({ signal }) => fetchOrganization(organizationId, signal),
  });

/** One organization; nothing is asked without an id. */
export function useOrganization(organizationId: string | undefined) {
  return useQuery({
    ...organizationQueryOptions(organizationId ?? ''),
    enabled: organizationId !== undefined,
  });
}
