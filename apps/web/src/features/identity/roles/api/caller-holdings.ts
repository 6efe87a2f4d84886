import type { Holdings } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { rolesKey } from './list-roles';

/**
 * GET /admin-service/user/holdings: what the signed-in user holds, which is all they may give
 * a role. Under the roles' key, so a change to roles (one's own, narrowed) reads it again.
 */
export function fetchCallerHoldings(signal?: AbortSignal): Promise<Holdings> {
  return api.get<Holdings>('/admin-service/user/holdings', { signal });
}

export const callerHoldingsQueryOptions = () =>
  queryOptions({
    queryKey: [...rolesKey, 'holdings'],
    queryFn: ({ signal }) => fetchCallerHoldings(signal),
    // One answer serves every grants dialog the user opens; a change to roles refreshes it.
    staleTime: 5 * 60_000,
  });

/** The caller's holdings, asked for once the grants of a role that may change are shown. */
export function useCallerHoldings(enabled: boolean) {
  return useQuery({ ...callerHoldingsQueryOptions(), enabled });
}
