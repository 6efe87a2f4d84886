import { FEDERATION_API, type LoginAnswer, type SignInProvider } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { withQuery } from '@/lib/paths';

/**
 * The public calls of a sign-in through an identity provider. They are silent and keep the
 * session on a 401: the sign-in pages say what went wrong themselves.
 */
const quiet = { silent: true, authRedirect: false } as const;
/** The contract's paths start at the origin; the HTTP client's below /api. */
const BELOW_API = FEDERATION_API.replace(/^\/api(?=\/)/, '');

/** GET {FEDERATION_API}/providers: the buttons of the console's sign-in, or of an application's (`clientId`). */
export function fetchSignInProviders(
  clientId: string | undefined,
  signal?: AbortSignal,
): Promise<SignInProvider[]> {
  return api.get<SignInProvider[]>(`${BELOW_API}/providers`, {
    ...quiet,
    params: clientId ? { clientId } : undefined,
    signal,
  });
}

export const signInProvidersQueryOptions = (clientId?: string) =>
  queryOptions({
    queryKey: ['federation', 'providers', clientId ?? null],
    queryFn: ({ signal }) => fetchSignInProviders(clientId, signal),
    // A page without its buttons still signs in with a password: no retries to wait for.
    retry: false,
    staleTime: 60_000,
  });

/**
 * Where the browser goes to sign in through a provider: a full navigation to the start route,
 * which sends it upstream. `redirect` is the console page to open afterwards; `interaction`
 * the /oauth interaction to finish.
 */
export function federationStartUrl(
  providerId: string,
  target: { redirect?: string | null; interaction?: string | null },
): string {
  return withQuery(`${FEDERATION_API}/${encodeURIComponent(providerId)}/start`, {
    redirect: target.redirect || undefined,
    interaction: target.interaction || undefined,
  });
}

/**
 * POST {FEDERATION_API}/exchange: the handoff of a finished upstream sign-in for a console
 * session, answered as the password sign-in is (a session, or a second factor to ask for).
 */
export function exchangeHandoff(handoff: string): Promise<LoginAnswer> {
  return api.post<LoginAnswer>(`${BELOW_API}/exchange`, { handoff }, quiet);
}
