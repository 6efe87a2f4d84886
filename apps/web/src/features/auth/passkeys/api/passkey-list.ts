import type { Passkey } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';

export const PASSKEYS_KEY = ['passkeys'] as const;

/** GET /oauth2-server/passkeys: the signed-in user's passkeys. */
export const fetchPasskeys = () => api.get<Passkey[]>('/oauth2-server/passkeys');

export const passkeysQueryOptions = () => queryOptions({ queryKey: PASSKEYS_KEY, queryFn: fetchPasskeys });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
