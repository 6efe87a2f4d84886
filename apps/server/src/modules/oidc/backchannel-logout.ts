import { randomUUID } from 'node:crypto';
import { WEBHOOK_TIMEOUT_MS } from '@gatehouse/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { ClaimedJob, JobRunner } from '../../lib/jobs.ts';
import { RETRY_DELAYS_MS } from '../webhooks/deliveries.ts';
import { type OutboundPolicy, send } from '../webhooks/outbound.ts';
import { LOGOUT_QUEUE, type Logout } from './logout-queue.ts';

/** The event a logout token carries (Back-Channel Logout 1.0 §2.4). */
export const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** Attempts before a logout is given up: with the webhooks' delays, about three hours. */
export const LOGOUT_MAX_ATTEMPTS = 8;

/** The bytes of a receiver's answer read at most: it says nothing but its status. */
const MAX_ANSWER_BYTES = 4096;

export type LogoutSettings = OutboundPolicy & {
  /** An attempt's deadline (WEBHOOK_TIMEOUT_MS; shorter in tests). */
  timeoutMs?: number;
  /** The delays between attempts, the last repeated (the webhooks' RETRY_DELAYS_MS; shorter in tests). */
  retryDelaysMs?: readonly number[];
};

/**
 * Sends the logout tokens of LOGOUT_QUEUE (Back-Channel Logout 1.0): each job is one token for
 * one client, made when it is sent, so it is fresh on every attempt (the token lives two
 * minutes): signed RS256 with the provider's current key by the provider's own `IdToken`
 * (`typ` logout+jwt; iss, aud the client, iat, exp, a new jti, sub, the event, and the `sid`
 * when the client requires it), POSTed form-encoded as `logout_token` through the webhooks'
 * guard against server-side request forgery. A 200 or 204 ends the job; anything else is
 * tried again after the webhooks' delays and given up, with a warning in the log, after
 * LOGOUT_MAX_ATTEMPTS. A client disabled since (or its application), or one that no longer
 * has the URI, gets nothing.
 */
export class BackchannelLogouts {
  private readonly timeoutMs: number;
  private readonly delays: readonly number[];

  constructor(
    private readonly provider: () => Promise<Provider>,
    private readonly settings: LogoutSettings,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.timeoutMs = Math.min(settings.timeoutMs ?? WEBHOOK_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS);
    this.delays = settings.retryDelaysMs?.length ? settings.retryDelaysMs : RETRY_DELAYS_MS;
  }

  register(runner: JobRunner): void {
    runner.register<Logout>(LOGOUT_QUEUE, (job) => this.send(job), {
      concurrency: 8,
      // Longer than an attempt can take, so a live runner's claim never runs out.
      leaseMs: this.timeoutMs + 5_000,
      maxAttempts: LOGOUT_MAX_ATTEMPTS,
      backoffMs: (attempt) => this.delays[Math.min(attempt, this.delays.length) - 1]!,
    });
  }

  /** The signed logout token for this job's client, or undefined when the client takes none now. */
  async logoutToken(logout: Logout): Promise<{ uri: string; token: string } | undefined> {
    const provider = await this.provider();
    const client = await provider.Client.find(logout.clientId);
    const uri = client?.backchannelLogoutUri;
    if (!client || !uri) return undefined;
    const token = new provider.IdToken({ sub: logout.sub }, { client, ctx: undefined as never });
    // `sub` is the claim of every token, not of a scope: as the provider's own sender does.
    (token as unknown as { mask: Record<string, null> }).mask = { sub: null };
    token.set('events', { [LOGOUT_EVENT]: {} });
    token.set('jti', randomUUID());
    if (client.backchannelLogoutSessionRequired && logout.sid) token.set('sid', logout.sid);
    return { uri, token: await token.issue({ use: 'logout' }) };
  }

  private async send(job: ClaimedJob<Logout>): Promise<void> {
    const found = await this.logoutToken(job.payload);
    if (!found) return;
    const attempt = await send(
      found.uri,
      new URLSearchParams({ logout_token: found.token }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Gatehouse-Logout/1' },
      {
        allowHttp: this.settings.allowHttp,
        allowPrivate: this.settings.allowPrivate,
        timeoutMs: this.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES,
      },
    );
    // The specification asks for 200; some frameworks answer 204.
    if (attempt.status === 200 || attempt.status === 204) return;
    const error = attempt.error ?? `HTTP ${attempt.status}`;
    if (job.attempt >= LOGOUT_MAX_ATTEMPTS) {
      this.log.warn(
        { clientId: job.payload.clientId, sub: job.payload.sub, attempts: job.attempt, error },
        'A back-channel logout was given up: its client never took the logout token',
      );
      return;
    }
    throw new Error(`back-channel logout to client ${job.payload.clientId} failed: ${error}`);
  }
}
