import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TWO_FACTOR_MESSAGES } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { generators, Issuer } from 'openid-client-v5';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { recoveryCodes, rolePermissions, users } from '../../src/db/schema/index.ts';
import { AUDIT_EVENTS_QUEUE } from '../../src/lib/audit.ts';
import { sealAll } from '../../src/lib/audit-chain.ts';
import { seal } from '../../src/lib/server-key.ts';
import { DELIVER_QUEUE } from '../../src/modules/webhooks/service.ts';
import { seed } from '../../src/platform/seed.ts';
import { createApplication } from '../fixtures.ts';
import { createRole, createUser } from '../helper.ts';
import {
  BACKEND_HEADER,
  buildBundle,
  createDatabase,
  type Instance,
  type RoundRobinProxy,
  startInstance,
  startProxy,
  until,
} from './cluster.ts';

/**
 * Issue 29, Deliver 1: several instances, proven. Three compiled servers on one PostgreSQL
 * database and the real Redis, behind one round-robin address (cluster.ts), started once for
 * the file. Each property is checked through that address, and each test logs its figure.
 * The propagation times poll every instance directly, not through the proxy.
 */

const BASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INSTANCES = 3;
const PASSWORD = 'multi-instance-admin-password';
const SERVER_KEY = randomBytes(32);
const LOGIN = '/api/oauth2-server/login';
const APPS = '/api/admin-service/v2/application';
const USERS = '/api/admin-service/v2/user';
const REDIRECT = 'http://127.0.0.1:4000/cb';
/** Failures per account and source before a 429 (GATEHOUSE_LOGIN_LIMIT_PER_ACCOUNT, its default). */
const PER_ACCOUNT = 10;

if (!BASE_URL) {
  console.log('multi-instance: TEST_DATABASE_URL is not set, so the suite is left out (it needs PostgreSQL)');
}

/** A random documentation-range address, so the per-IP counters in the shared Redis are this run's alone. */
const randomIp = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

type Answer = { status: number; body: Record<string, unknown>; backend: number | null; text: string };

async function call(
  origin: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  const backend = res.headers.get(BACKEND_HEADER);
  return { status: res.status, body, backend: backend === null ? null : Number(backend), text };
}

let workDir: string;
let database: { url: string; drop: () => Promise<void> } | undefined;
let handle: DatabaseHandle | undefined;
/** Plain SQL on the suite's database, beside the drizzle handle the fixtures take. */
let pool: pg.Pool | undefined;
const query = async <Row>(text: string, params: unknown[] = []) =>
  (await pool!.query(text, params)).rows as Row[];
let proxy: RoundRobinProxy | undefined;
let instances: Instance[] = [];
let admin = '';

const db = () => handle!.db;

async function signIn(username: string, password: string, ip = randomIp()): Promise<string> {
  const res = await call(proxy!.origin, 'POST', LOGIN, {
    body: { username, password },
    headers: { 'x-forwarded-for': ip },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${res.text}`);
  return (res.body.result as { token: string }).token;
}

describe.skipIf(!BASE_URL)(`${INSTANCES} instances on one PostgreSQL and Redis, behind one address`, () => {
  beforeAll(async () => {
    const serverDir = new URL('../..', import.meta.url).pathname;
    mkdirSync(join(serverDir, 'dist'), { recursive: true });
    workDir = mkdtempSync(join(serverDir, 'dist', 'test-multi-'));
    const bundle = buildBundle(workDir);

    // The database is made ready here, so that the purge the instances run at start finds
    // sealed records past their retention: the seed's records, dated 1,000 days ago.
    database = await createDatabase(BASE_URL!);
    handle = await openDatabase({ kind: 'postgres', url: database.url, max: 4 });
    await migrateDatabase(handle);
    await seed(handle.db, { adminPassword: PASSWORD, print: () => {} });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await query(`update audit_log set at = now() - interval '1000 days'`);
    // It waits for every transaction of the cluster open at the call, other databases' too.
    await sealAll(handle.db, 90_000);

    proxy = await startProxy();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      GATEHOUSE_SECRET_KEY: SERVER_KEY.toString('base64'),
      GATEHOUSE_ADMIN_PASSWORD: PASSWORD,
      // The proxy connects from the loopback: the instances take the client from X-Forwarded-For.
      GATEHOUSE_TRUST_PROXY: '127.0.0.1',
      GATEHOUSE_ISSUER: `${proxy.origin}/oidc`,
      GATEHOUSE_WEBHOOK_ALLOW_HTTP: 'true',
      GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: 'true',
      GATEHOUSE_LOGIN_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
    };
    // All at once, so that their start-up purges race for the lease.
    instances = await Promise.all(Array.from({ length: INSTANCES }, (_, i) => startInstance(bundle, i, env)));
    proxy.backends = instances.map((i) => i.origin);
    admin = await signIn('admin', PASSWORD);
    console.log(
      `multi-instance: ${INSTANCES} instances listening after ${instances.map((i) => `${i.startMs} ms`).join(', ')}; ` +
        `load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')} on this machine`,
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await proxy?.close();
    await pool?.end();
    await handle?.close();
    await database?.drop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('spreads requests over every instance', async () => {
    const before = [...proxy!.served];
    for (let i = 0; i < INSTANCES * 2; i++) {
      expect((await call(proxy!.origin, 'GET', `${APPS}?page=0&size=1`, { token: admin })).status).toBe(200);
    }
    const spread = instances.map((i) => (proxy!.served[i.index] ?? 0) - (before[i.index] ?? 0));
    console.log(
      `multi-instance: ${INSTANCES * 2} lists through the proxy landed ${spread.join('/')} on the instances`,
    );
    expect(spread).toEqual(instances.map(() => 2));
  });

  it('the audit purge ran on one instance only', async () => {
    // Every instance checks at start whether the daily purge is due; one takes the lease.
    const state = await until(
      async () => {
        const [row] = await query<{
          purged_at: Date | null;
          purge_lease_until: Date | null;
          purged_id: string;
        }>('select purged_at, purge_lease_until, purged_id from audit_chain where id = 1');
        return row && row.purged_at !== null && row.purge_lease_until === null ? row : undefined;
      },
      30_000,
      'the purge',
    );
    const purges = await query<{ after: { deleted: number } }>(
      `select after from audit_log where action = 'purge' and entity = 'audit' order by id`,
    );
    console.log(
      `multi-instance: ${INSTANCES} instances started together; audit purges run: ${purges.length} ` +
        `(${JSON.stringify(purges[0]?.after)}), chain purged through id ${state.purged_id}`,
    );
    expect(purges).toHaveLength(1);
    expect(purges[0]!.after.deleted).toBeGreaterThan(0);
  });

  it('sign-in limits are shared: failures spread over the instances hit the limit at the same count as on one', async () => {
    const failuresUntilLimited = async (origin: string, username: string) => {
      const ip = randomIp();
      const backends = new Set<number | null>();
      for (let attempt = 1; attempt <= PER_ACCOUNT * INSTANCES + 2; attempt++) {
        const res = await call(origin, 'POST', LOGIN, {
          body: { username, password: 'not-the-password' },
          headers: { 'x-forwarded-for': ip },
        });
        if (res.status === 429) return { failures: attempt - 1, backends };
        expect(res.status, res.text).toBe(401);
        backends.add(res.backend);
      }
      return { failures: Number.POSITIVE_INFINITY, backends };
    };
    const alone = await createUser(db());
    const spread = await createUser(db());
    const one = await failuresUntilLimited(instances[0]!.origin, alone.username);
    const shared = await failuresUntilLimited(proxy!.origin, spread.username);
    console.log(
      `multi-instance: sign-in limited after ${one.failures} failures on one instance, ` +
        `after ${shared.failures} spread over instances ${[...shared.backends].join(',')} through the proxy`,
    );
    expect(one.failures).toBe(PER_ACCOUNT);
    expect(shared.failures).toBe(one.failures);
    expect(shared.backends.size).toBe(INSTANCES);
  });

  it('a two-factor challenge started on one instance completes on another, once', async () => {
    const user = await createUser(db());
    const secret = new Secret({ size: 20 });
    await db()
      .update(users)
      .set({ totpSecret: seal(SERVER_KEY, secret.base32), totpEnabledAt: new Date() })
      .where(eq(users.userId, user.userId));
    const recovery = 'abcde-fghij';
    await db()
      .insert(recoveryCodes)
      .values({ userId: user.userId, codeHash: createHash('sha256').update('abcdefghij').digest('hex') });

    const ip = randomIp();
    const started = await call(proxy!.origin, 'POST', LOGIN, {
      body: { username: user.username, password: user.password },
      headers: { 'x-forwarded-for': ip },
    });
    expect(started.status, started.text).toBe(200);
    const challenge = (started.body.result as { challenge: string }).challenge;
    expect(challenge).toBeTruthy();
    const totp = new TOTP({ algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret });
    const completed = await call(proxy!.origin, 'POST', `${LOGIN}/second-factor`, {
      body: { challenge, code: totp.generate() },
      headers: { 'x-forwarded-for': ip },
    });
    expect(completed.status, completed.text).toBe(200);
    expect(completed.backend).not.toBe(started.backend);
    const token = (completed.body.result as { token: string }).token;
    // The session works on every instance.
    for (const instance of instances) {
      expect((await call(instance.origin, 'GET', '/api/oauth2-server/two-factor', { token })).status).toBe(
        200,
      );
    }
    // Spent: the same challenge with another good code, on the third instance, signs in no one.
    const third = instances.find((i) => i.index !== started.backend && i.index !== completed.backend)!;
    const replay = await call(third.origin, 'POST', `${LOGIN}/second-factor`, {
      body: { challenge, code: recovery },
      headers: { 'x-forwarded-for': ip },
    });
    console.log(
      `multi-instance: 2FA challenge started on instance ${started.backend}, completed on ${completed.backend}; ` +
        `replayed on ${third.index}: ${replay.status}`,
    );
    expect(replay.status, replay.text).toBe(401);
    expect(replay.body.key).toBe(TWO_FACTOR_MESSAGES.challengeExpired.key);
  });

  describe('a change applies on every instance within 1 s', () => {
    const LIST = `${APPS}?page=0&size=1`;
    let roleId = '';

    beforeAll(async () => {
      const role = await createRole(db(), {
        permissions: [{ permissionId: 'admin-setting.application', actions: ['retrieve'] }],
      });
      roleId = role.roleId;
    });

    /** A user who may list applications, signed in, with the caller cached on every instance. */
    async function signedInEverywhere() {
      const user = await createUser(db(), { roleIds: [roleId] });
      const token = await signIn(user.username, user.password);
      for (const instance of instances) {
        expect((await call(instance.origin, 'GET', LIST, { token })).status).toBe(200);
        expect((await call(instance.origin, 'GET', LIST, { token })).status).toBe(200);
      }
      return { user, token };
    }

    /**
     * Polls every instance directly, as fast as each answers, from the change's
     * acknowledgement until its answer to `token` is no longer 200; the milliseconds each took.
     */
    async function propagation(token: string, acknowledgedAt: number) {
      return Promise.all(
        instances.map(async (instance) => {
          const status = await until(
            async () => {
              const res = await call(instance.origin, 'GET', LIST, { token });
              return res.status === 200 ? undefined : res.status;
            },
            10_000,
            `the change on instance ${instance.index}`,
          );
          return { instance: instance.index, ms: Date.now() - acknowledgedAt, status };
        }),
      );
    }

    const report = (what: string, seen: { instance: number; ms: number; status: number }[]) => {
      console.log(
        `multi-instance: ${what} applied on every instance after ${seen.map((s) => `${s.ms} ms (${s.status})`).join(', ')}; ` +
          `load average ${loadavg()[0]!.toFixed(1)}`,
      );
      for (const s of seen) expect(s.ms).toBeLessThan(1000);
    };

    it('a sign-out', async () => {
      const { token } = await signedInEverywhere();
      const out = await call(proxy!.origin, 'POST', '/api/oauth2-server/logout', { token });
      expect(out.status).toBe(200);
      const seen = await propagation(token, Date.now());
      for (const s of seen) expect(s.status).toBe(401);
      report(`a sign-out (on instance ${out.backend})`, seen);
    });

    it('a disabled user', async () => {
      const { user, token } = await signedInEverywhere();
      const res = await call(proxy!.origin, 'PUT', `${USERS}/${user.userId}/status`, {
        token: admin,
        body: { status: 'DISABLED' },
      });
      expect(res.status, res.text).toBe(200);
      const seen = await propagation(token, Date.now());
      for (const s of seen) expect(s.status).toBe(401);
      report(`disabling a user (on instance ${res.backend})`, seen);
    });

    it('a removed role', async () => {
      const { user, token } = await signedInEverywhere();
      const res = await call(proxy!.origin, 'PUT', `${USERS}/${user.userId}/roles`, {
        token: admin,
        body: { roleIds: [] },
      });
      expect(res.status, res.text).toBe(200);
      const seen = await propagation(token, Date.now());
      for (const s of seen) expect(s.status).toBe(403);
      report(`removing the user's role (on instance ${res.backend})`, seen);
    });
  });

  it('an OIDC authorization-code flow whose steps land on different instances', async () => {
    const appId = await createApplication(db(), 'multi-oidc', 'Multi');
    const role = await createRole(db());
    await db()
      .insert(rolePermissions)
      .values({ roleId: role.roleId, applicationId: appId, permissionId: 'orders', actions: ['retrieve'] });
    const user = await createUser(db(), { roleIds: [role.roleId] });
    const created = await call(proxy!.origin, 'POST', `${APPS}/client`, {
      token: admin,
      body: { clientName: 'Multi web', redirectUrl: REDIRECT, applicationId: appId },
    });
    expect(created.status, created.text).toBe(201);
    const { client: clientId, secret } = created.body as { client: string; secret: string };

    const issuer = await Issuer.discover(`${proxy!.origin}/oidc`);
    const client = new issuer.Client({
      client_id: clientId,
      client_secret: secret,
      redirect_uris: [REDIRECT],
      response_types: ['code'],
    });
    const browser = new Browser(proxy!.origin);
    const verifier = generators.codeVerifier();
    const state = generators.state();
    const nonce = generators.nonce();
    let res = await browser.fetch(
      client.authorizationUrl({
        scope: 'openid profile',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(verifier),
        code_challenge_method: 'S256',
        prompt: 'consent',
        state,
        nonce,
      }),
    );
    expect(res.status).toBe(303);
    const uidOf = (r: Response) =>
      new URL(r.headers.get('location')!, proxy!.origin).searchParams.get('uid')!;
    const interaction = `/api/oauth2-server/interaction/${uidOf(res)}`;
    const login = await browser.fetch(`${interaction}/login`, {
      username: user.username,
      password: user.password,
    });
    expect(login.status, await login.clone().text()).toBe(200);
    res = await browser.fetch(((await login.json()) as { redirectTo: string }).redirectTo);
    expect(res.status).toBe(303);
    const consent = await browser.fetch(`/api/oauth2-server/interaction/${uidOf(res)}/consent`, {});
    expect(consent.status, await consent.clone().text()).toBe(200);
    res = await browser.fetch(((await consent.json()) as { redirectTo: string }).redirectTo);
    const callback = res.headers.get('location')!;
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:4000\/cb\?code=/);
    const servedBefore = [...proxy!.served];
    const tokens = await client.callback(REDIRECT, client.callbackParams(callback), {
      code_verifier: verifier,
      state,
      nonce,
    });
    expect(tokens.claims().sub).toBe(user.userId);
    const info = await client.userinfo(tokens.access_token!);
    expect(info.sub).toBe(user.userId);
    const exchange = instances
      .filter((i) => (proxy!.served[i.index] ?? 0) > (servedBefore[i.index] ?? 0))
      .map((i) => i.index);
    console.log(
      `multi-instance: OIDC code flow, browser steps on instances ${browser.backends.join(',')}, ` +
        `code exchange and userinfo on ${exchange.join(',')}`,
    );
    expect(new Set(browser.backends).size).toBe(INSTANCES);
  });

  it('each queued webhook delivery runs once', async () => {
    const { startReceiver } = await import('../webhook-receiver.ts');
    const receiver = await startReceiver();
    try {
      const hook = await call(proxy!.origin, 'POST', '/api/admin-service/v2/webhooks', {
        token: admin,
        body: { name: 'multi', url: `${receiver.origin}/hook`, events: ['application.created'] },
      });
      expect(hook.status, hook.text).toBe(201);
      const N = 30;
      const ids = Array.from({ length: N }, (_, i) => `multi-wh-${String(i).padStart(3, '0')}`);
      let next = 0;
      const backends: number[] = [];
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          while (next < N) {
            const id = ids[next++]!;
            const res = await call(proxy!.origin, 'POST', APPS, {
              token: admin,
              body: { applicationId: id, name: id },
            });
            expect(res.status, res.text).toBe(201);
            backends.push(res.backend!);
          }
        }),
      );
      // Done when every event has come and no job is left that could send one again.
      const started = Date.now();
      await until(
        async () => {
          const [left] = await query<{ n: number }>(
            'select count(*)::int as n from jobs where queue = any($1)',
            [[AUDIT_EVENTS_QUEUE, DELIVER_QUEUE]],
          );
          const ours = new Set(
            receiver.received.map((r) => r.headers['webhook-id']).filter((id) => id !== undefined),
          );
          return ours.size >= N && left!.n === 0;
        },
        60_000,
        `${N} deliveries with the queue empty`,
      );
      const webhookId = (hook.body.webhook as { webhookId: string }).webhookId;
      const deliveries = await query<{ status: string; attempts: number }>(
        'select status, attempts from webhook_deliveries where webhook_id = $1',
        [webhookId],
      );
      const messageIds = receiver.received.map((r) => r.headers['webhook-id']);
      const duplicates = messageIds.length - new Set(messageIds).size;
      const perApp = ids.map((id) => receiver.received.filter((r) => r.body.includes(`"${id}"`)).length);
      console.log(
        `multi-instance: ${N} application creates (on instances ${countBy(backends)}) → ` +
          `${receiver.received.length} deliveries received, ${duplicates} duplicates, all within ${Date.now() - started} ms after the last create; ` +
          `${deliveries.length} delivery records, ${deliveries.filter((d) => d.attempts !== 1).length} tried more than once`,
      );
      expect(duplicates).toBe(0);
      expect(perApp).toEqual(ids.map(() => 1));
      expect(receiver.received).toHaveLength(N);
      expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(ids.map(() => ['SUCCEEDED', 1]));
    } finally {
      await receiver.close();
    }
  });

  it('killing one instance mid-load loses no acknowledged write, and the others keep serving', async () => {
    const victim = instances[INSTANCES - 1]!;
    const TOTAL = 90;
    const acknowledged: string[] = [];
    const failed: { id: string; status: number | string }[] = [];
    let ackedAfterKill = 0;
    let killed = false;
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < TOTAL) {
          const id = `multi-kill-${String(next++).padStart(3, '0')}`;
          try {
            const res = await call(proxy!.origin, 'POST', APPS, {
              token: admin,
              body: { applicationId: id, name: id },
            });
            if (res.status >= 200 && res.status < 300) {
              acknowledged.push(id);
              if (killed) ackedAfterKill += 1;
            } else failed.push({ id, status: res.status });
          } catch (err) {
            failed.push({ id, status: String(err) });
          }
          if (!killed && acknowledged.length >= 30) {
            killed = true;
            victim.child.kill('SIGKILL');
          }
        }
      }),
    );
    expect((await victim.exited).signal).toBe('SIGKILL');
    const rows = await query<{ id: string }>(
      `select application_id as id from applications where application_id like 'multi-kill-%'`,
    );
    const stored = new Set(rows.map((r) => r.id));
    const [audited] = await query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'application' and action = 'create' and entity_id like 'multi-kill-%'`,
    );
    const lost = acknowledged.filter((id) => !stored.has(id));
    // A write whose answer was lost may or may not have been applied; only acknowledged ones must be.
    const appliedUnacknowledged = failed.filter((f) => stored.has(f.id)).length;
    // The survivors serve reads and writes after it.
    let servedAfter = 0;
    for (let i = 0; i < 6; i++) {
      if ((await call(proxy!.origin, 'GET', `${APPS}?page=0&size=1`, { token: admin })).status === 200)
        servedAfter += 1;
    }
    console.log(
      `multi-instance: SIGKILL of instance ${victim.index} during ${TOTAL} creates (6 at a time): ` +
        `${acknowledged.length} acknowledged (${ackedAfterKill} after the kill), ${failed.length} failed ` +
        `(${failed.map((f) => f.status).join(',') || 'none'}); ${stored.size} rows, ${audited!.n} create audit records, ` +
        `${lost.length} acknowledged writes missing, ${appliedUnacknowledged} unacknowledged ones applied; ` +
        `${servedAfter}/6 lists served after; ${proxy!.retried} requests the proxy moved off the dead instance`,
    );
    expect(lost).toEqual([]);
    expect(ackedAfterKill).toBeGreaterThan(0);
    expect(audited!.n).toBe(stored.size);
    expect(servedAfter).toBe(6);
    // Nothing failed but what was sent to the dead instance (in flight, or on a connection
    // it had kept open), which the proxy answers 502, as a load balancer does for a POST.
    for (const f of failed) expect(f.status).toBe(502);
  });
});

const countBy = (values: number[]) =>
  [...new Set(values)]
    .sort()
    .map((v) => `${v}×${values.filter((x) => x === v).length}`)
    .join(', ');

/**
 * A browser through the proxy: follows no redirect, keeps cookies by name (the flow's
 * cookies do not clash by path here) and notes which instance answered each request.
 */
class Browser {
  private jar = new Map<string, string>();
  readonly backends: number[] = [];
  constructor(private readonly origin: string) {}

  /** GET, or with `form` a same-origin JSON POST, as the console's /oauth page makes it. */
  async fetch(url: string, json?: Record<string, string>): Promise<Response> {
    const target = new URL(url, this.origin);
    const res = await fetch(target, {
      method: json ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(json ? { 'content-type': 'application/json', origin: this.origin } : {}),
      },
      ...(json ? { body: JSON.stringify(json) } : {}),
    });
    const backend = res.headers.get(BACKEND_HEADER);
    if (backend !== null) this.backends.push(Number(backend));
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }
}
