import type { PasswordPolicy } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';

/**
 * GET /oauth2-server/password-policy: the rules Console Settings set. Public, so the reset
 * link's page shows them too; silent, as a form works without its hint.
 */
export const passwordPolicyQuery = queryOptions({
  queryKey: ['password-policy'] as const,
  queryFn: () => api.get<PasswordPolicy>('/oauth2-server/password-policy', { silent: true }),
  staleTime: 60_000,
});

export function usePasswordPolicy(): PasswordPolicy | undefined {
  return useQuery(passwordPolicyQuery).data;
}
