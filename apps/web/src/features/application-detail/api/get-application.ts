import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '@gatehouse/contract';
import { api } from '@/lib/http';

/** GET /admin-service/v2/application/{id}: the application the detail shows. */
export async function fetchApplication(applicationId: string, signal?: AbortSignal): Promise<Application> {
  return api.get<Application>(`/admin-service/v2/application/${encodeURIComponent(applicationId)}`, {
    signal,
    // An unknown appId is shown in place, not toasted.
    silent: true,
  });
}

export function useApplication(applicationId: string | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: ['applications', 'detail', applicationId ?? ''],
      queryFn: ({ signal }) => fetchApplication(applicationId ?? '', signal),
    }),
    enabled: applicationId !== undefined,
  });
}
