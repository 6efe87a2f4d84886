/**
 * What Back-Channel Logout 1.0 sends, decided where a user's provider sessions and grants end:
 * one logout token per client that had a session or a grant of the user, each a job of
 * LOGOUT_QUEUE written in the transaction that ends them (backchannel-logout.ts sends them).
 */
export const LOGOUT_QUEUE = 'oidc.backchannel-logout';

/** One logout token to send: to `clientId`, for the account `sub`, and its session `sid` when known. */
export type Logout = { clientId: string; sub: string; sid?: string };

/** An ended provider artefact as stored: a `Session` or a `Grant` payload. */
export type EndedArtefact = { model: string; payload: unknown };

type SessionPayload = { accountId?: string; authorizations?: Record<string, { sid?: string } | undefined> };
type GrantPayload = { accountId?: string; clientId?: string };

/**
 * The logouts that the end of these sessions and grants calls for: each client a session had
 * signed in, with that session's `sid` for the client; and each client that held a grant
 * without such a session (refresh tokens outliving the browser's session), with `sub` alone.
 */
export function logoutsOf(ended: EndedArtefact[]): Logout[] {
  const logouts = new Map<string, Logout>();
  const told = new Set<string>();
  for (const { model, payload } of ended) {
    if (model !== 'Session') continue;
    const session = payload as SessionPayload;
    if (!session.accountId) continue;
    for (const [clientId, authorization] of Object.entries(session.authorizations ?? {})) {
      const sid = authorization?.sid;
      logouts.set(`${clientId} ${session.accountId} ${sid ?? ''}`, {
        clientId,
        sub: session.accountId,
        ...(sid ? { sid } : {}),
      });
      told.add(`${clientId} ${session.accountId}`);
    }
  }
  for (const { model, payload } of ended) {
    if (model !== 'Grant') continue;
    const { accountId, clientId } = payload as GrantPayload;
    if (!accountId || !clientId || told.has(`${clientId} ${accountId}`)) continue;
    told.add(`${clientId} ${accountId}`);
    logouts.set(`${clientId} ${accountId} `, { clientId, sub: accountId });
  }
  return [...logouts.values()];
}
