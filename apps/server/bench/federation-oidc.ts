/**
 * What a sign-in through an OIDC identity provider costs at Gatehouse, beside the upstream's
 * own time (issue 30's check: at most 30 ms at p95). `npm run bench` runs it with
 * `BENCH_ONLY=federation-oidc`; `npx tsx apps/server/bench/federation-oidc.ts` runs it alone.
 *
 * A second oidc-provider (test/federation/upstream-op.ts) is the upstream; Gatehouse listens
 * on PostgreSQL (PGlite with BENCH_FEDERATION_DB=pglite). Each sign-in is a new browser going
 * the whole way, one after the other: the start at Gatehouse, the upstream's authorization
 * request, its login form, its redirects back, Gatehouse's callback (which exchanges the code
 * and reads userinfo at the upstream), and the console's exchange of the handoff for a session.
 *
 * Gatehouse's part = start + callback + exchange, as the browser waits for them, less the time
 * the upstream spent serving the callback's own requests to it (token and userinfo, measured
 * in the upstream's server). What is left is Gatehouse's work: the flow and its rows, the
 * HTTP client, the ID token's checks, the user, the mapping and its audit, the session.
 * BENCH_FEDERATION_SIGN_INS sets the count (default 300, after 20 to warm up).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { FEDERATION_API, FEDERATION_HANDOFF_PARAM, OIDC_CALLBACK_PATH } from '@gatehouse/contract';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { identityProviders, roles } from '../src/db/schema/index.ts';
import { seal } from '../src/lib/server-key.ts';
import type { StoredSettings } from '../src/modules/federation/types.ts';
import { seed } from '../src/platform/seed.ts';
import { CookieBrowser } from '../test/federation/browser.ts';
import { startUpstreamOp, type UpstreamOp } from '../test/federation/upstream-op.ts';
import { postgresBase } from './http.ts';
import { ms, quantile, type Report } from './report.ts';

const SIGN_INS = Number(process.env.BENCH_FEDERATION_SIGN_INS ?? 300);
const WARM_UP = 20;
const TARGET_P95_MS = 30;
const BACK_CHANNEL = new Set(['/token', '/me', '/jwks', '/.well-known/openid-configuration']);

type Sample = {
  start: number;
  callback: number;
  /** The upstream's server time for the callback's requests to it. */
  backChannel: number;
  exchange: number;
  /** The upstream's part as the browser sees it: its pages and redirects, plus the back channel. */
  upstream: number;
  /** A light request right after, for scale: who-am-I with the new session (`POST /login`, no body). */
  floor: number;
};

async function openBenchDatabase(): Promise<{
  handle: DatabaseHandle;
  label: string;
  drop: () => Promise<void>;
}> {
  if (process.env.BENCH_FEDERATION_DB === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite' });
    return { handle, label: 'PGlite', drop: () => handle.close() };
  }
  const base = await postgresBase();
  if (!base) throw new Error('no PostgreSQL at BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432');
  const pg = (await import('pg')).default;
  const name = `gatehouse_bench_fed_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    label: 'PostgreSQL',
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One sign-in from a new browser; its parts' times. */
async function signIn(origin: string, op: UpstreamOp, providerId: string, account: string): Promise<Sample> {
  const browser = new CookieBrowser();
  const hop = () => browser.hops.at(-1)!.ms;
  const start = await browser.get(`${origin}${FEDERATION_API}/${providerId}/start?redirect=/home`);
  if (start.status !== 302) throw new Error(`start: ${start.status} ${await start.text()}`);
  const startMs = hop();
  const upstreamFrom = browser.hops.length;
  const isGatehouse = (url: URL) => url.origin === origin;
  let reached = await browser.follow(new URL(start.headers.get('location')!), isGatehouse);
  if (!isGatehouse(reached.url)) {
    const uid = /action="\/interaction\/([^/"]+)\/login"/.exec(reached.body)?.[1];
    if (!uid) throw new Error(`no login form at ${reached.url.href}`);
    const posted = await browser.request(`${op.issuer}/interaction/${uid}/login`, { form: { account } });
    await posted.text();
    reached = await browser.follow(new URL(posted.headers.get('location')!, op.issuer), isGatehouse);
  }
  const upstreamPages = browser.hops.slice(upstreamFrom).reduce((sum, h) => sum + h.ms, 0);

  op.timings.length = 0;
  const callback = await browser.get(reached.url);
  await callback.text();
  const callbackMs = hop();
  const backChannel = op.timings.filter((t) => BACK_CHANNEL.has(t.path)).reduce((sum, t) => sum + t.ms, 0);
  const spa = new URL(callback.headers.get('location') ?? '/', origin);
  const handoff = spa.searchParams.get(FEDERATION_HANDOFF_PARAM);
  if (callback.status !== 302 || !handoff) throw new Error(`callback: ${callback.status} to ${spa.href}`);

  const exchange = await browser.request(`${origin}${FEDERATION_API}/exchange`, { json: { handoff } });
  const answer = (await exchange.json()) as { code: unknown; result?: { token?: string } };
  if (exchange.status !== 200 || !answer.result?.token)
    throw new Error(`exchange: ${exchange.status} ${JSON.stringify(answer)}`);
  const exchangeMs = hop();
  const whoAmI = await browser.request(`${origin}/api/oauth2-server/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${answer.result.token}` },
  });
  if (whoAmI.status !== 200) throw new Error(`who am I: ${whoAmI.status}`);
  await whoAmI.text();
  return {
    start: startMs,
    callback: callbackMs - backChannel,
    backChannel,
    exchange: exchangeMs,
    upstream: upstreamPages + backChannel,
    floor: hop(),
  };
}

export async function benchFederationOidc(report: Report): Promise<void> {
  report.heading('Sign-in through an OIDC identity provider: Gatehouse beside the upstream');
  const { handle, label, drop } = await openBenchDatabase();
  const serverKey = randomBytes(32);
  const password = randomBytes(18).toString('base64url');
  await migrateDatabase(handle);
  await seed(handle.db, { adminPassword: password, print: () => {} });
  const app = buildApp({
    db: handle.db,
    listen: handle.listen,
    logger: false,
    config: { webDir: '/nonexistent-web-dir', secretKey: serverKey },
  });
  const op = await startUpstreamOp({
    accounts: [
      {
        sub: 'bench-user',
        preferred_username: 'bench.user',
        name: 'Bench User',
        email: 'bench@upstream.test',
        email_verified: true,
        groups: ['gh-admins', 'staff'],
        amr: ['pwd'],
      },
    ],
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const [role] = await handle.db
      .insert(roles)
      .values({ name: 'Bench admins', code: 'bench-admins' })
      .returning();
    const providerId = randomUUID();
    const secret = randomBytes(24).toString('base64url');
    const settings: StoredSettings = {
      jitProvisioning: true,
      trustEmail: false,
      trustMfa: false,
      mfaValues: ['mfa'],
      attributes: {},
      rules: [{ attribute: 'groups', value: 'gh-admins', target: 'role', targetId: role!.roleId }],
      oidc: {
        issuer: op.issuer,
        clientId: 'gatehouse-bench',
        scopes: ['openid', 'profile', 'email', 'groups'],
        pkce: true,
      },
    };
    await handle.db.insert(identityProviders).values({
      providerId,
      type: 'oidc',
      name: 'Bench upstream',
      settings,
      secretSealed: seal(serverKey, secret),
    });
    await op.addClient({
      clientId: 'gatehouse-bench',
      clientSecret: secret,
      redirectUris: [`${origin}${OIDC_CALLBACK_PATH}/${providerId}`],
    });
    op.record(true);
    for (let i = 0; i < WARM_UP; i++) await signIn(origin, op, providerId, 'bench-user');
    const samples: Sample[] = [];
    const began = performance.now();
    for (let i = 0; i < SIGN_INS; i++) samples.push(await signIn(origin, op, providerId, 'bench-user'));
    const seconds = (performance.now() - began) / 1000;

    const row = (name: string, pick: (s: Sample) => number) => {
      const sorted = samples.map(pick).sort((a, b) => a - b);
      return [name, ms(quantile(sorted, 0.5)), ms(quantile(sorted, 0.95)), ms(sorted.at(-1)!)];
    };
    const gatehouse = (s: Sample) => s.start + s.callback + s.exchange;
    report.line(
      `${label}, ${SIGN_INS} sign-ins one after another (after ${WARM_UP} to warm up), each from a new browser ` +
        `through the upstream's login form, in ${seconds.toFixed(1)} s; times as the browser waits for them, ` +
        `on 127.0.0.1. The user exists after the first (linked), and a rule gives a role at each sign-in.`,
    );
    report.table(
      ['part', 'p50', 'p95', 'max'],
      [
        row('Gatehouse: start (flow, cookie, authorization URL)', (s) => s.start),
        row('Gatehouse: callback, less the upstream serving it', (s) => s.callback),
        row('Gatehouse: exchange (handoff → session)', (s) => s.exchange),
        row('**Gatehouse in all**', gatehouse),
        row("upstream: the callback's token + userinfo (its server time)", (s) => s.backChannel),
        row('upstream in all (its pages, redirects and back channel)', (s) => s.upstream),
        row('for scale: one who-am-I request to Gatehouse', (s) => s.floor),
      ],
    );
    report.line(
      `Load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(
          ' ',
        )} at the end, on ${cpus().length} cores: on a shared machine every row grows together, the who-am-I row shows by how much.`,
    );
    const p95 = quantile(
      samples.map(gatehouse).sort((a, b) => a - b),
      0.95,
    );
    report.line(
      `Target ≤ ${TARGET_P95_MS} ms at p95 for Gatehouse's part: ${p95 <= TARGET_P95_MS ? 'met' : 'not met'}.`,
    );
  } finally {
    await app.close();
    await op.close();
    await drop();
  }
}

// Run alone: `npx tsx apps/server/bench/federation-oidc.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { Report } = await import('./report.ts');
  await benchFederationOidc(new Report());
}
