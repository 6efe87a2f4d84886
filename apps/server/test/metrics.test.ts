import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createdClientSchema } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, loadConfig } from '../src/config.ts';
import { jobs } from '../src/db/schema/index.ts';
import { MAIL_QUEUE } from '../src/lib/mailer.ts';
import { UNMATCHED_ROUTE } from '../src/plugins/metrics.ts';
import { createApplication } from './fixtures.ts';
import { ADMIN_PASSWORD, build, type TestContext } from './helper.ts';
import { type Family, parsePrometheusText, sampleValue } from './prometheus-text.ts';
import { type Receiver, startReceiver, until } from './webhook-receiver.ts';

/**
 * The metrics port (GATEHOUSE_METRICS_PORT) on a server that listens: requests over HTTP to
 * the API, then /metrics scraped from its own port and read strictly (prometheus-text.ts),
 * and what the requests should have moved compared with a scrape before them.
 */
let t: TestContext;
let api: string;
let metricsUrl: string;
let receiver: Receiver;

const LOGIN = '/api/oauth2-server/login';
const CLIENTS = '/api/admin-service/v2/application/client';

beforeAll(async () => {
  // Three failures per account and source, so a lock is quick to reach.
  const loginRateLimit = { ...defaultConfig().loginRateLimit, perAccount: 3 };
  t = await build({
    config: {
      metricsPort: 0,
      issuer: undefined,
      loginRateLimit,
      // A webhook receiver on 127.0.0.1 over http; a failed attempt waits a minute for its retry.
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
      webhookRetryDelaysMs: [60_000],
      webhookTimeoutMs: 1_000,
      jobPollIntervalMs: 50,
    },
  });
  receiver = await startReceiver();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const metricsAddress = t.app.metricsAddress();
  if (!metricsAddress) throw new Error('the metrics port is not open');
  metricsUrl = `http://127.0.0.1:${metricsAddress.port}`;
});

afterAll(async () => {
  await receiver?.close();
  await t.close();
});

async function scrape(): Promise<Map<string, Family>> {
  const res = await fetch(`${metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

const value = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
  sampleValue(families, name, labels) ?? 0;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const signIns = (flow: string, result: string, reason = '') => ({ flow, result, reason });
const requests = (method: string, route: string, status: number) => ({
  method,
  route,
  status_code: String(status),
});
const REQUESTS = 'gatehouse_http_request_duration_seconds_count';

describe('the metrics port', () => {
  it('counts sign-ins, requests by route pattern and status, and cache lookups', async () => {
    const before = await scrape();

    const ok = await post(LOGIN, { username: 'admin', password: ADMIN_PASSWORD });
    expect(ok.status).toBe(200);
    const token = ((await ok.json()) as { result: { token: string } }).result.token;
    expect((await post(LOGIN, { username: 'admin', password: 'not the password' })).status).toBe(401);
    expect((await post(LOGIN, { username: 'nobody-here', password: 'whatever' })).status).toBe(401);
    const appId = await createApplication(t.db, 'metrics-app');
    const authorization = `Bearer ${token}`;
    for (let i = 0; i < 2; i++) {
      const list = await fetch(`${api}${CLIENTS}?applicationId=${appId}&page=0&size=10`, {
        headers: { authorization },
      });
      expect(list.status).toBe(200);
    }
    const one = await fetch(`${api}${CLIENTS}/no-such-client-42?x=1`, { headers: { authorization } });
    expect(one.status).toBe(404);
    expect((await fetch(`${api}/api/no/such/route/42?secret=1`)).status).toBe(404);
    // A malformed address is refused before routing, where no hook runs.
    expect((await fetch(`${api}${CLIENTS}/%zz`)).status).toBe(400);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);

    expect(moved('gatehouse_sign_ins_total', signIns('console', 'success'))).toBe(1);
    expect(moved('gatehouse_sign_ins_total', signIns('console', 'failure', 'wrong-password'))).toBe(1);
    expect(moved('gatehouse_sign_ins_total', signIns('console', 'failure', 'unknown-account'))).toBe(1);
    expect(moved('gatehouse_sign_ins_total', signIns('console', 'locked'))).toBe(0);

    expect(moved(REQUESTS, requests('POST', LOGIN, 200))).toBe(1);
    expect(moved(REQUESTS, requests('POST', LOGIN, 401))).toBe(2);
    expect(moved(REQUESTS, requests('GET', CLIENTS, 200))).toBe(2);
    expect(moved(REQUESTS, requests('GET', `${CLIENTS}/:acId`, 404))).toBe(1);
    expect(moved(REQUESTS, requests('GET', UNMATCHED_ROUTE, 404))).toBe(1);
    expect(moved(REQUESTS, requests('GET', UNMATCHED_ROUTE, 400))).toBe(1);
    // Route labels are patterns: no id, no query string, whatever was asked.
    const routes = after
      .get('gatehouse_http_request_duration_seconds')!
      .samples.map((s) => s.labels.route!)
      .filter((route) => route !== UNMATCHED_ROUTE);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).not.toMatch(/\?|no-such|42/);
    expect(
      moved('gatehouse_http_request_duration_seconds_sum', requests('GET', CLIENTS, 200)),
    ).toBeGreaterThan(0);

    // The session's caller was read once and then found in the cache.
    expect(
      moved('gatehouse_cache_lookups_total', { cache: 'callers', result: 'miss' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      moved('gatehouse_cache_lookups_total', { cache: 'callers', result: 'hit' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.get('gatehouse_cache_lookups_total')?.type).toBe('counter');

    // The connections, and the process metrics prom-client collects.
    expect(value(after, 'gatehouse_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'gatehouse_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(after.get('gatehouse_db_pool_waiting')?.type).toBe('gauge');
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.get('process_cpu_seconds_total')?.type).toBe('counter');
  });

  it('counts a second factor asked for, a wrong code and a locked account', async () => {
    const before = await scrape();
    const enrolled = await t.createUser();
    const token = await t.login(enrolled.username, enrolled.password);
    const start = await t.post('/api/oauth2-server/two-factor/enrolment', undefined, token);
    const totp = new TOTP({ secret: Secret.fromBase32(start.json().secret), digits: 6, period: 30 });
    const confirm = await t.post(
      '/api/oauth2-server/two-factor/enrolment/confirm',
      { code: totp.generate() },
      token,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const challenged = await t.post(LOGIN, { username: enrolled.username, password: enrolled.password });
    const { challenge } = challenged.json().result as { challenge: string };
    // A code of ten minutes ago is far outside the accepted window.
    const stale = totp.generate({ timestamp: Date.now() - 600_000 });
    const wrong = await t.post('/api/oauth2-server/login/second-factor', { challenge, code: stale });
    expect(wrong.statusCode).toBe(401);

    const locked = await t.createUser();
    for (let i = 0; i < 3; i++)
      expect(
        (await t.post(LOGIN, { username: locked.username, password: 'wrong-password-1' })).statusCode,
      ).toBe(401);
    expect((await t.post(LOGIN, { username: locked.username, password: locked.password })).statusCode).toBe(
      429,
    );

    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      value(after, 'gatehouse_sign_ins_total', labels) - value(before, 'gatehouse_sign_ins_total', labels);
    expect(moved(signIns('console', 'success'))).toBe(1);
    expect(moved(signIns('console', 'second_factor'))).toBe(1);
    expect(moved(signIns('console', 'failure', 'wrong-code'))).toBe(1);
    expect(moved(signIns('console', 'failure', 'wrong-password'))).toBe(3);
    expect(moved(signIns('console', 'locked'))).toBe(1);
  });

  it("reads each queue's depth and the wait of its oldest due job at the scrape", async () => {
    // A queue no runner serves keeps its jobs: one due a minute ago, one due in an hour.
    await t.db.insert(jobs).values([
      { queue: 'metrics-probe', payload: {}, runAt: new Date(Date.now() - 60_000) },
      { queue: 'metrics-probe', payload: {}, runAt: new Date(Date.now() + 3_600_000) },
    ]);
    const families = await scrape();
    expect(value(families, 'gatehouse_job_queue_depth', { queue: 'metrics-probe' })).toBe(2);
    const waited = value(families, 'gatehouse_job_queue_oldest_due_seconds', { queue: 'metrics-probe' });
    expect(waited).toBeGreaterThanOrEqual(59);
    expect(waited).toBeLessThan(600);
    // A served queue with nothing in it reads 0, rather than nothing.
    expect(sampleValue(families, 'gatehouse_job_queue_depth', { queue: MAIL_QUEUE })).toBe(0);
  });

  it('counts a failed webhook delivery attempt', async () => {
    const admin = await t.login();
    receiver.answer = (_req, res) => {
      res.statusCode = 500;
      res.end('no');
    };
    const created = await t.post(
      '/api/admin-service/v2/webhooks',
      { name: 'Failing', url: `${receiver.origin}/hook`, events: ['user.*'] },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const labels = { reason: 'http_status', outcome: 'retrying' };
    const before = value(await scrape(), 'gatehouse_webhook_delivery_failures_total', labels);
    const { webhookId } = created.json().webhook as { webhookId: string };
    const test = await t.post(`/api/admin-service/v2/webhooks/${webhookId}/test`, undefined, admin);
    expect(test.statusCode, test.body).toBeLessThan(300);
    await until(
      async () => value(await scrape(), 'gatehouse_webhook_delivery_failures_total', labels) > before,
    );
    expect(value(await scrape(), 'gatehouse_webhook_delivery_failures_total', labels)).toBe(before + 1);
  });

  it('counts a statement the database refuses by its SQL state', async () => {
    const before = await scrape();
    await expect(t.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    const after = await scrape();
    const divisionByZero = { code: '22012' };
    expect(
      value(after, 'gatehouse_db_statement_errors_total', divisionByZero) -
        value(before, 'gatehouse_db_statement_errors_total', divisionByZero),
    ).toBe(1);
  });

  it('counts token requests by grant type and result', async () => {
    const admin = await t.login();
    const appId = await createApplication(t.db, 'metrics-oidc-app');
    const res = await t.post(
      CLIENTS,
      { clientName: 'Metrics machine', redirectUrl: 'https://rp.example/cb', applicationId: appId },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = createdClientSchema.parse(res.json());
    const token = (secret: string) =>
      fetch(`${api}/oidc/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${created.client}:${secret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      });

    const before = await scrape();
    expect((await token(created.secret!)).status).toBe(200);
    expect((await token('wrong-secret')).status).toBe(401);
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      value(after, 'gatehouse_oidc_token_requests_total', labels) -
      value(before, 'gatehouse_oidc_token_requests_total', labels);
    expect(moved({ grant_type: 'client_credentials', result: 'issued' })).toBe(1);
    expect(moved({ grant_type: 'client_credentials', result: 'error' })).toBe(1);
    // Each request looked its client up once: read the first time, then kept.
    const lookups = (result: string) =>
      value(after, 'gatehouse_cache_lookups_total', { cache: 'oidc_clients', result }) -
      value(before, 'gatehouse_cache_lookups_total', { cache: 'oidc_clients', result });
    expect(lookups('hit') + lookups('miss')).toBe(2);
    expect(lookups('miss')).toBeGreaterThanOrEqual(1);
  });

  it('serves /metrics only, and the API port serves no metrics', async () => {
    expect((await fetch(`${metricsUrl}${CLIENTS}`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
    const onApi = await fetch(`${api}/metrics`);
    expect(await onApi.text()).not.toContain('gatehouse_http_request_duration_seconds');
  });
});

/** PromQL's words that are not metric names: aggregations, functions, keywords. */
const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers,
 * range selectors, grouping clauses and function calls are taken out. `label_values(m, l)`
 * (a Grafana variable's query) reads `m`.
 */
function metricNamesOf(expr: string): string[] {
  const stripped = expr
    .replace(/label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*,[^)]*\)/g, ' $1 ')
    .replace(/"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ');
  const names: string[] = [];
  for (const match of stripped.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = stripped.slice(match.index + match[0].length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}

/** Every PromQL expression of a dashboard: its panels' targets (rows' too) and its variables' queries. */
function expressionsOf(dashboard: Dashboard): string[] {
  const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
  return [
    ...panels.flatMap((p) => (p.targets ?? []).map((target) => target.expr)),
    ...dashboard.templating.list
      .filter((v) => v.type === 'query')
      .map((v) => (typeof v.query === 'string' ? v.query : v.query.query)),
  ];
}

type Dashboard = {
  panels: { targets?: { expr: string }[]; panels?: Dashboard['panels'] }[];
  templating: { list: { type: string; query: string | { query: string } }[] };
};

describe('the Grafana dashboard (docs/grafana-dashboard.json)', () => {
  it("reads only metrics the endpoint exposes, and shows each of Gatehouse's own", async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as Dashboard;
    const exposed = new Set(
      [...(await scrape()).values()].flatMap((f) =>
        f.type === 'histogram' ? [`${f.name}_bucket`, `${f.name}_sum`, `${f.name}_count`] : [f.name],
      ),
    );
    const expressions = expressionsOf(dashboard);
    expect(expressions.length).toBeGreaterThan(10);
    const read = new Set(expressions.flatMap(metricNamesOf));
    expect([...read].filter((name) => !exposed.has(name))).toEqual([]);
    const ownFamilies = [...(await scrape()).values()].filter((f) => f.name.startsWith('gatehouse_'));
    const unshown = ownFamilies.filter(
      (f) => ![...read].some((name) => name === f.name || name.startsWith(`${f.name}_`)),
    );
    expect(unshown.map((f) => f.name)).toEqual([]);
  });

  it('finds the metric names of an expression', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.95, sum by (le, route) (rate(a_bucket{instance=~"$instance", x="y}"}[$__rate_interval]))) / on(job) b_total',
      ),
    ).toEqual(['a_bucket', 'b_total']);
    expect(metricNamesOf('label_values(process_start_time_seconds, instance)')).toEqual([
      'process_start_time_seconds',
    ]);
  });
});

describe('GATEHOUSE_METRICS_PORT', () => {
  it('is off unless set, and is never the API port', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ GATEHOUSE_METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ GATEHOUSE_METRICS_PORT: 'x' })).toThrow(/GATEHOUSE_METRICS_PORT/);
    expect(() => loadConfig({ PORT: '9000', GATEHOUSE_METRICS_PORT: '9000' })).toThrow(
      /GATEHOUSE_METRICS_PORT=9000: must differ from PORT/,
    );
  });
});
