import { QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from './http';

/** A client error will not change on retry; a network blip or a 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error)) {
    if (error.kind === 'cancelled') return false;
    if (error.kind === 'http' && error.status !== undefined && error.status < 500) return false;
  }
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * A mutation that refreshes every query under `queryKey` once it succeeds: an api file's
 * `useX` for a change (STYLE.md habit 1), e.g. `useRefreshingMutation(createClient, clientsKey)`.
 */
export function useRefreshingMutation<Result, Body>(
  mutationFn: (body: Body) => Promise<Result>,
  queryKey: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey }) });
}
