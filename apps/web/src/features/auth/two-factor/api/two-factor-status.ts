import type { TwoFactorStatus } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';

export const TWO_FACTOR_KEY = ['two-factor'] as const;

/** GET /oauth2-server/two-factor: whether the signed-in user's two-factor sign-in is on. */
export const fetchTwoFactorStatus = () => api.get<TwoFactorStatus>('/oauth2-server/two-factor');

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: TWO_FACTOR_KEY, queryFn: fetchTwoFactorStatus });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
