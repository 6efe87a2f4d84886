import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import type { QueueBacklog } from '../lib/jobs.ts';
import { COUNTED_GRANT_TYPES, type Meters, type MetricSources, NO_METERS } from '../lib/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the services count for the metrics; does nothing with the metrics port off. */
    meters: Meters;
    /** Where /metrics is served once the app is ready; null with the metrics port off. */
    metricsAddress: () => AddressInfo | null;
  }
}

export type MetricsOptions = {
  /** GATEHOUSE_METRICS_PORT; undefined turns the metrics off. */
  port: number | undefined;
  /** The API's HOST: the metrics listen on the same address. */
  host: string;
  sources: MetricSources;
};

/** The `route` of a request no route matched (the SPA's history fallback, unknown paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/** From 1 ms to the longest a request may take (5 minutes), in seconds. */
const DURATION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 300,
];

/** Reading /metrics is quick; a client that takes longer to send its request is dropped. */
const SCRAPE_REQUEST_TIMEOUT_MS = 10_000;

type Prom = typeof import('prom-client');

/**
 * Defines every metric on `registry`: the histogram and counters the meters move (the request
 * hook through `answered`), and those read from `sources` at each scrape (`collect`). Returns
 * the meters.
 */
function defineMetrics(prom: Prom, registry: Registry, sources: MetricSources) {
  const registers = [registry];
  prom.collectDefaultMetrics({ register: registry });

  const requests = new prom.Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'Requests to the API, the OpenID Provider and the console, by method, route pattern and status, and their time to answer.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  const signIns = new prom.Counter({
    name: 'gatehouse_sign_ins_total',
    help: 'Sign-in attempts by flow (console, oidc) and result (success, second_factor, failure, locked); a failure has its reason.',
    labelNames: ['flow', 'result', 'reason'] as const,
    registers,
  });

  const tokenRequests = new prom.Counter({
    name: 'gatehouse_oidc_token_requests_total',
    help: "Requests to the OpenID Provider's token endpoint by grant type, and whether tokens were issued (result issued or error).",
    labelNames: ['grant_type', 'result'] as const,
    registers,
  });

  const { database, callerCache, clientCache, pageAnchors } = sources;
  new prom.Counter({
    name: 'gatehouse_cache_lookups_total',
    help: "Lookups of this instance's caches: callers (a session's caller), oidc_clients (a token request's client) and page_anchors (deep list pages), by result.",
    labelNames: ['cache', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const [cache, read] of [
        ['callers', callerCache],
        ['oidc_clients', clientCache],
        ['page_anchors', pageAnchors],
      ] as const) {
        for (const [result, n] of Object.entries(read?.() ?? {})) this.inc({ cache, result }, n);
      }
    },
  });

  if (database) {
    const gauge = (name: string, help: string, read: () => number) =>
      new prom.Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge(
      'gatehouse_db_pool_max_connections',
      'The most database connections this instance opens (1 for the embedded PGlite).',
      () => database.connections().max,
    );
    gauge(
      'gatehouse_db_pool_connections',
      'Database connections open now.',
      () => database.connections().total,
    );
    gauge(
      'gatehouse_db_pool_idle_connections',
      'Database connections open and unused.',
      () => database.connections().idle,
    );
    gauge(
      'gatehouse_db_pool_waiting',
      "Queries or transactions waiting for a database connection (PGlite: waiting for its one connection's turn).",
      () => database.connections().waiting,
    );
    new prom.Counter({
      name: 'gatehouse_db_statement_errors_total',
      help: 'Statements the database refused or could not run, by SQL state (23505, 57014…) or socket error (ECONNRESET…).',
      labelNames: ['code'] as const,
      registers,
      collect() {
        this.reset();
        for (const [code, n] of database.statementErrors) this.inc({ code }, n);
      },
    });
  }

  const webhookFailures = new prom.Counter({
    name: 'gatehouse_webhook_delivery_failures_total',
    help: 'Webhook delivery attempts that failed, by reason (http_status: answered other than 2xx; no_answer: timeout, refused, blocked target) and outcome (retrying, gave_up: the last attempt).',
    labelNames: ['reason', 'outcome'] as const,
    registers,
  });

  const { jobQueues } = sources;
  if (jobQueues) {
    // One query serves both gauges of a scrape. The registry collects its metrics in the order
    // they were defined, each `collect` called before the next: the depth gauge asks, and the
    // age gauge reads that answer. A database away fails this reading, not the scrape: the
    // gauges are then left out.
    let asked: Promise<QueueBacklog[]> | undefined;
    const ask = () => jobQueues().catch((): QueueBacklog[] => []);
    const queueGauge = (
      name: string,
      help: string,
      read: (q: QueueBacklog) => number,
      backlog: () => Promise<QueueBacklog[]>,
    ) =>
      new prom.Gauge({
        name,
        help,
        labelNames: ['queue'] as const,
        registers,
        async collect() {
          const queues = await backlog();
          this.reset();
          for (const q of queues) this.set({ queue: q.queue }, read(q));
        },
      });
    queueGauge(
      'gatehouse_job_queue_depth',
      'Jobs of each queue not yet finished: due, running or scheduled for later.',
      (q) => q.depth,
      () => {
        asked = ask();
        return asked;
      },
    );
    queueGauge(
      'gatehouse_job_queue_oldest_due_seconds',
      'How long the oldest due job of each queue that no runner holds has waited past its run time (0: none).',
      (q) => q.oldestDueSeconds,
      () => {
        const answer = asked ?? ask();
        asked = undefined;
        return answer;
      },
    );
  }

  const meters: Meters = {
    answered: (method, route, statusCode, seconds) =>
      requests.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode }, seconds),
    signIn: (flow, result, reason) => signIns.inc({ flow, result, reason: reason ?? '' }),
    tokenRequest: (grantType, issued) =>
      tokenRequests.inc({
        grant_type: grantType && COUNTED_GRANT_TYPES.has(grantType) ? grantType : 'other',
        result: issued ? 'issued' : 'error',
      }),
    webhookFailed: (reason, gaveUp) =>
      webhookFailures.inc({ reason, outcome: gaveUp ? 'gave_up' : 'retrying' }),
  };
  return { meters };
}

/** The metrics port's only answer: /metrics. Anything else is a 404, so it can never serve the API. */
function scrapeHandler(registry: Registry, onError: (err: unknown) => void) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        onError(err);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  };
}

/**
 * Prometheus metrics (prom-client) on a port of their own, GATEHOUSE_METRICS_PORT on HOST,
 * which serves /metrics and nothing else. Off by default: then the meters do nothing, no hook
 * is added to requests and prom-client is not even loaded. On, a request pays one
 * `onResponse` hook that runs after its answer has gone out; everything that can be read at
 * a scrape (connections, caches, the job queue, the process) is read then, not kept up to
 * date per request.
 */
async function metrics(app: FastifyInstance, opts: MetricsOptions) {
  if (opts.port === undefined) {
    app.decorate('meters', NO_METERS);
    app.decorate('metricsAddress', () => null);
    return;
  }
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  const { meters } = defineMetrics(prom, registry, opts.sources);
  app.decorate('meters', meters);

  // The route's pattern, never the URL: no ids or query strings in labels.
  app.addHook('onResponse', (request, reply, done) => {
    meters.answered(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const server: Server = createServer(
    { requestTimeout: SCRAPE_REQUEST_TIMEOUT_MS, headersTimeout: SCRAPE_REQUEST_TIMEOUT_MS },
    scrapeHandler(registry, (err) => app.log.error({ err }, 'Reading the metrics failed')),
  );
  let address: AddressInfo | null = null;
  app.decorate('metricsAddress', () => address);
  // Before the API listens: a metrics port that cannot be had stops the start.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    address = server.address() as AddressInfo;
    app.log.info({ port: address.port, host: address.address }, 'Metrics served at /metrics');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  });
}

export default fp(metrics, { name: 'metrics' });
