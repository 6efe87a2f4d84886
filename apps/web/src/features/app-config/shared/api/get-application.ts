import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '@gatehouse/contract';
import { api } from '@/lib/http';

/** Every application query starts with this key, so an application change refreshes them all. */
export const APPLICATIONS_KEY = 'applications';

/** GET /admin-service/v2/application/{id}. */
export async function fetchApplication(applicationId: string, signal?: AbortSignal): Promise<Application> {
  return api.get<Application>(`/admin-service/v2/application/${encodeURIComponent(applicationId)}`, {
    signal,
    // An unknown appId is an answer the context bar shows in place, not a failure to toast.
    silent: true,
  });
}

export const applicationQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [APPLICATIONS_KEY, 'detail', applicationId],
    queryFn: ({ signal }) => fetchApplication(applicationId, signal),
  });

export function useApplication(applicationId: string | undefined) {
  return useQuery({
    ...applicationQueryOptions(applicationId ?? ''),
    enabled: applicationId !== undefined,
  });
}
