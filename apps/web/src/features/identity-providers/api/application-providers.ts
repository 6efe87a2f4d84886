import type { ApplicationProviders } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { providersKey } from './list-providers';

const url = (applicationId: string) =>
  `/admin-service/v2/application/${encodeURIComponent(applicationId)}/identity-providers`;

const applicationProvidersKey = (applicationId: string) =>
  [...providersKey, 'application', applicationId] as const;

/** GET /admin-service/v2/application/{id}/identity-providers: every enabled provider, or only those listed. */
export function fetchApplicationProviders(applicationId: string, signal?: AbortSignal) {
  return api.get<ApplicationProviders>(url(applicationId), { signal });
}

export const applicationProvidersQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: applicationProvidersKey(applicationId),
    queryFn: ({ signal }) => fetchApplicationProviders(applicationId, signal),
  });

export const useApplicationProviders = (applicationId: string) =>
  useQuery(applicationProvidersQueryOptions(applicationId));

/** PUT /admin-service/v2/application/{id}/identity-providers. */
export function saveApplicationProviders({
  applicationId,
  ...body
}: ApplicationProviders & { applicationId: string }): Promise<ApplicationProviders> {
  return api.put<ApplicationProviders>(url(applicationId), body);
}

export function useSaveApplicationProviders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveApplicationProviders,
    onSuccess: (saved, { applicationId }) =>
      client.setQueryData(applicationProvidersKey(applicationId), saved),
  });
}
