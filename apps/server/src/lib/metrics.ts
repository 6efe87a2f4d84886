/**
 * What the server counts for its Prometheus metrics (GATEHOUSE_METRICS_PORT, served by
 * plugins/metrics.ts). Services are handed `Meters` and call them where something happens; with
 * the metrics port off they get `NO_METERS`, whose calls do nothing, and prom-client is not
 * loaded at all. What can be read when Prometheus asks (connections, caches, queues) is not
 * counted here but read at the scrape, through `MetricSources`.
 *
 * Every label value comes from a fixed set (a route pattern, a grant type the provider
 * offers, a failure reason of the code), never from a request, so the number of series stays
 * bounded whatever clients send.
 */

import type { DatabaseUsage } from '../db/client.ts';
import type { QueueBacklog } from './jobs.ts';

/** Where a sign-in happened: the console's login, or the OpenID Provider's interaction. */
export type SignInFlow = 'console' | 'oidc';

/**
 * How a sign-in attempt ended: a session (or the provider's login), a password that passed
 * and now waits for the second factor, a failure (with its reason), or refused unchecked
 * because the account or source is in its backoff.
 */
export type SignInResult = 'success' | 'second_factor' | 'failure' | 'locked';

/** The grant types whose token requests are counted by name; any other is `other`. */
export const COUNTED_GRANT_TYPES = new Set(['authorization_code', 'refresh_token', 'client_credentials']);

export type Meters = {
  /**
   * An answer: its method, route pattern (undefined when no route matched), status and time.
   * The metrics plugin calls it for every request; the answers Fastify gives before routing (a
   * malformed address, plugins/errors.ts) call it themselves.
   */
  answered(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /** A sign-in attempt's outcome; `reason` only for a failure (`unknown-account`, `wrong-code`…). */
  signIn(flow: SignInFlow, result: SignInResult, reason?: string): void;
  /** A request to the OpenID Provider's token endpoint, by grant type, and whether it issued tokens. */
  tokenRequest(grantType: string | undefined, issued: boolean): void;
  /**
   * A webhook delivery attempt that failed: the receiver answered other than 2xx, or did not
   * answer (timeout, refused connection, a target the SSRF guard refused); `gaveUp` when it was
   * the delivery's last attempt.
   */
  webhookFailed(reason: 'http_status' | 'no_answer', gaveUp: boolean): void;
};

export const NO_METERS: Meters = {
  answered() {},
  signIn() {},
  tokenRequest() {},
  webhookFailed() {},
};

/** Lookups of an in-process cache, by how they ended; counted by the cache itself (plain numbers). */
export type CacheLookups = Readonly<Record<string, number>>;

/** What the metrics read when Prometheus asks. */
export type MetricSources = {
  /** The connections in use and the failed statements (`DatabaseHandle.usage`). */
  database?: DatabaseUsage;
  /** The session resolver's cache of callers (lib/caller-cache.ts). */
  callerCache?: () => CacheLookups;
  /** The OpenID Provider's cache of clients (modules/oidc/adapter.ts). */
  clientCache?: () => CacheLookups;
  /** The anchors of deep list pages (lib/page-anchors.ts). */
  pageAnchors?: () => CacheLookups;
  /** The job queue's backlog, from the database (lib/jobs.ts). */
  jobQueues?: () => Promise<QueueBacklog[]>;
};
