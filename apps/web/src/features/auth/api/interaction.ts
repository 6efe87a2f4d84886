import type { InteractionDetails, InteractionLogin, InteractionRedirect } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';

/**
 * The interaction API of the /oauth page. Every call is silent and keeps the console session
 * on a 401: the page says what went wrong itself, and a wrong password is an answer, not a
 * lost session. The browser sends the interaction's cookie with each call (same origin, see
 * `lib/http.ts`): the server answers only the browser that started the sign-in, 404 to any other.
 */
const quiet = { silent: true, authRedirect: false } as const;
const path = (uid: string) => `/oauth2-server/interaction/${encodeURIComponent(uid)}`;

/** GET /oauth2-server/interaction/{uid}: the client, its application, the scopes, whether a login is needed. */
export function fetchInteraction(uid: string, signal?: AbortSignal): Promise<InteractionDetails> {
  return api.get<InteractionDetails>(path(uid), { ...quiet, signal });
}

export const interactionQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['oauth', 'interaction', uid],
    queryFn: ({ signal }) => fetchInteraction(uid, signal),
    // An interaction is read once and then left for the provider: no refetch, no retry.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useInteraction = (uid: string) =>
  useQuery({ ...interactionQueryOptions(uid), enabled: uid !== '' });

/** The three answers of the interaction: each names where the browser goes next. */
export type InteractionStep =
  /** With credentials, or none to use the console session (its token goes in Authorization). */
  { kind: 'login'; credentials?: InteractionLogin } | { kind: 'consent' } | { kind: 'abort' };

/** POST /oauth2-server/interaction/{uid}/login|consent|abort. */
export function postInteraction(uid: string, step: InteractionStep): Promise<InteractionRedirect> {
  // A login without credentials still sends `{}`: the route validates a body when there is a schema for one.
  const body = step.kind === 'login' ? (step.credentials ?? {}) : undefined;
  return api.post<InteractionRedirect>(`${path(uid)}/${step.kind}`, body, quiet);
}

export const useInteractionStep = (uid: string) =>
  useMutation({ mutationFn: (step: InteractionStep) => postInteraction(uid, step) });
