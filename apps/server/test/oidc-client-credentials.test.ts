import { randomBytes } from 'node:crypto';
import { createdClientSchema } from '@gatehouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { clientSecrets, oidcPayloads } from '../src/db/schema/index.ts';
import { CallerCache } from '../src/lib/caller-cache.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { WriteBatch } from '../src/modules/oidc/write-batch.ts';
import { createApplication, put } from './fixtures.ts';
import { build, TEST_DB, type TestContext } from './helper.ts';

/**
 * The client-credentials hot path: the client a token request names is read from the
 * database once and kept (adapter.ts) until a change to it, its secrets or its application
 * is announced; concurrent tokens are written in few statements (write-batch.ts). Neither
 * may keep a disabled client, application or rotated-away secret working, nor a token from
 * being introspected or revoked.
 */
let t: TestContext;
let admin: string;
let appId: string;

const V2 = '/api/admin-service/v2/application/client';
/** Both instances' key: the second unseals the signing keys the first made. */
const SERVER_KEY = randomBytes(32);
const APPLICATION = '/api/admin-service/v2/application';

type Client = { client: string; secret: string; acId: string };
type Inject = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

beforeAll(async () => {
  t = await build({ config: { secretKey: SERVER_KEY } });
  admin = await t.login();
  appId = await createApplication(t.db, 'cc-app', 'Machines');
});

async function newClient(applicationId = appId, name = 'Machine'): Promise<Client> {
  const res = await t.post(V2, { clientName: name, applicationId }, admin);
  expect(res.statusCode, res.body).toBe(201);
  const created = createdClientSchema.parse(res.json());
  return { client: created.client, secret: created.secret!, acId: created.acId };
}

const basic = (client: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** A form POST to one of the provider's endpoints, through `inject` (this instance by default). */
function form(
  path: string,
  fields: Record<string, string>,
  client: Client,
  secret = client.secret,
  via?: Inject,
) {
  return (via ?? t.inject)({
    method: 'POST',
    url: `/oidc${path}`,
    headers: {
      authorization: basic(client.client, secret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const token = (client: Client, secret = client.secret, via?: Inject) =>
  form('/token', { grant_type: 'client_credentials' }, client, secret, via);

/** The access token of a successful client-credentials request. */
async function issued(client: Client, secret = client.secret, via?: Inject): Promise<string> {
  const res = await token(client, secret, via);
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json().access_token as string;
}

const refused = async (client: Client, secret = client.secret, via?: Inject) => {
  const res = await token(client, secret, via);
  return res.statusCode === 401 && res.json().error === 'invalid_client';
};

const active = async (client: Client, value: string) =>
  (await form('/token/introspection', { token: value }, client)).json().active;

const rotate = async (client: Client, body: Record<string, unknown> = {}) => {
  const res = await t.post(`${V2}/${client.acId}/secret`, body, admin);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { secret: string }).secret;
};

describe('the client cache', () => {
  const cache = () => t.app.services.oidc.clients;
  /** Token requests until one finds the client kept: the notices of its creation have been heard. */
  const kept = (client: Client) =>
    expect
      .poll(
        async () => {
          const hits = cache().lookups.hit;
          await issued(client);
          return cache().lookups.hit - hits;
        },
        { interval: 5, timeout: 2_000 },
      )
      .toBe(1);

  it('reads a client once: later token requests find it kept', async () => {
    const client = await newClient();
    await kept(client);
    const before = { ...cache().lookups };
    for (let i = 0; i < 5; i++) await issued(client);
    expect(cache().lookups.hit - before.hit).toBe(5);
    expect(cache().lookups.miss - before.miss).toBe(0);
  });

  it('keeps no unknown client: names a caller makes up cost no memory', async () => {
    const before = cache().size;
    for (let i = 0; i < 20; i++) {
      expect(await refused({ client: `gh_unknown_${i}`, secret: 'x', acId: '' })).toBe(true);
    }
    expect(cache().size).toBe(before);
  });

  it('holds at most its bound, the oldest going first', () => {
    const bounded = new CallerCache<number>(3);
    bounded.setLive(true);
    const until = Date.now() + 60_000;
    for (let i = 0; i < 10; i++) bounded.set(`c${i}`, i, until, bounded.begin());
    expect(bounded.size).toBe(3);
    expect(bounded.get('c6')).toBeUndefined();
    expect([bounded.get('c7'), bounded.get('c8'), bounded.get('c9')]).toEqual([7, 8, 9]);
    // The server's own: the default bound of every CallerCache.
    const full = new CallerCache<number>();
    full.setLive(true);
    for (let i = 0; i < 10_050; i++) full.set(`c${i}`, i, until, full.begin());
    expect(full.size).toBe(10_000);
  });

  it('keeps nothing read before a change was announced, nor while changes are not heard', () => {
    const c = new CallerCache<number>(3);
    c.setLive(true);
    const generation = c.begin();
    c.invalidate();
    c.set('late', 1, Date.now() + 60_000, generation);
    expect(c.get('late')).toBeUndefined();
    c.setLive(false);
    c.set('deaf', 1, Date.now() + 60_000, c.begin());
    expect(c.get('deaf')).toBeUndefined();
  });

  it('a client or application disabled through the API is refused at once, and works again once enabled', async () => {
    const client = await newClient();
    await issued(client);
    const status = (status: string) => put(t, `${V2}/status`, { acId: client.acId, status }, admin);
    expect((await status('DISABLED')).statusCode).toBe(200);
    expect(await refused(client)).toBe(true);
    expect((await status('ENABLED')).statusCode).toBe(200);
    await issued(client);

    const app = (status: string) => put(t, APPLICATION, { applicationId: appId, status }, admin);
    expect((await app('DISABLED')).statusCode).toBe(200);
    expect(await refused(client)).toBe(true);
    expect((await app('ENABLED')).statusCode).toBe(200);
    await issued(client);
  });

  it('a secret rotated away is refused at once; the new one works at once', async () => {
    const client = await newClient();
    await issued(client);
    const second = await rotate(client);
    await issued(client, second);
    const third = await rotate(client);
    await issued(client, third);
    expect(await refused(client)).toBe(true); // the first: at most two secrets live
    await issued(client, second);
  });

  it('a secret that expires while its client is kept is refused from its expiry on', async () => {
    const client = await newClient();
    const expiresAt = Date.now() + 1_500;
    const brief = await rotate(client, { expiresDate: new Date(expiresAt).toISOString() });
    await issued(client, brief);
    await issued(client, brief);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now()) + 50));
    expect(await refused(client, brief)).toBe(true);
    await issued(client); // the first, without expiry, still works
  });

  it('a change made straight in the database, as another tool would, is heard and applied', async () => {
    const client = await newClient();
    await issued(client);
    await t.db.execute(sql`update application_clients set status = 'DISABLED' where ac_id = ${client.acId}`);
    await expect.poll(() => refused(client), { interval: 5, timeout: 2_000 }).toBe(true);
    await t.db.execute(sql`update application_clients set status = 'ENABLED' where ac_id = ${client.acId}`);
    await issued(client);

    await t.db.execute(sql`update applications set status = 'DISABLED' where application_id = ${appId}`);
    await expect.poll(() => refused(client), { interval: 5, timeout: 2_000 }).toBe(true);
    await t.db.execute(sql`update applications set status = 'ENABLED' where application_id = ${appId}`);
    await issued(client);

    await t.db.delete(clientSecrets).where(eq(clientSecrets.acId, client.acId));
    await expect.poll(() => refused(client), { interval: 5, timeout: 2_000 }).toBe(true);
  });

  it("stamping a secret's last use announces nothing: the kept clients stay", async () => {
    const client = await newClient();
    await kept(client);
    await t.db.execute(sql`update client_secrets set last_used_at = now() where ac_id = ${client.acId}`);
    // Any notice would be heard within this pause (see the test above).
    await new Promise((r) => setTimeout(r, 200));
    const hits = cache().lookups.hit;
    await issued(client);
    expect(cache().lookups.hit).toBe(hits + 1);
  });

  // Two instances share a database only on PostgreSQL; PGlite is one process's own.
  if (TEST_DB === 'postgres')
    it('on another instance, a client disabled, its application disabled or its secret rotated away is refused within a second', async () => {
      const handle = await openDatabase({ kind: 'postgres', url: t.databaseUrl!, max: 2 });
      const other = buildApp({
        db: handle.db,
        listen: handle.listen,
        logger: false,
        config: {
          webDir: '/nonexistent-web-dir',
          issuer: 'http://gatehouse.test/oidc',
          secretKey: SERVER_KEY,
        },
      });
      await other.ready();
      const there: Inject = (opts) => other.inject(opts);
      const soon = async (check: () => Promise<boolean>) => {
        const started = Date.now();
        await expect.poll(check, { interval: 2, timeout: 1_000 }).toBe(true);
        expect(Date.now() - started).toBeLessThan(1_000);
      };
      try {
        const client = await newClient();
        await issued(client, client.secret, there);
        await issued(client, client.secret, there);
        expect(other.services.oidc.clients.size).toBeGreaterThan(0);

        await put(t, `${V2}/status`, { acId: client.acId, status: 'DISABLED' }, admin);
        await soon(() => refused(client, client.secret, there));
        await put(t, `${V2}/status`, { acId: client.acId, status: 'ENABLED' }, admin);
        await expect
          .poll(() => refused(client, client.secret, there), { interval: 2, timeout: 1_000 })
          .toBe(false);

        await put(t, APPLICATION, { applicationId: appId, status: 'DISABLED' }, admin);
        await soon(() => refused(client, client.secret, there));
        await put(t, APPLICATION, { applicationId: appId, status: 'ENABLED' }, admin);
        await expect
          .poll(() => refused(client, client.secret, there), { interval: 2, timeout: 1_000 })
          .toBe(false);

        const second = await rotate(client);
        await soon(async () => !(await refused(client, second, there)));
        await rotate(client);
        await soon(() => refused(client, client.secret, there));
      } finally {
        await other.close();
        await handle.close();
      }
    });
});

describe('client-credentials tokens written together', () => {
  it('tokens asked for at once are each stored (hashed), introspectable and revocable on their own', async () => {
    const client = await newClient();
    const values = await Promise.all(Array.from({ length: 40 }, () => issued(client)));
    expect(new Set(values).size).toBe(40);
    const rows = await t.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.model, 'ClientCredentials'));
    const stored = new Set(rows.map((r) => r.id));
    for (const value of values) {
      expect(stored.has(hashToken(value))).toBe(true);
      expect(stored.has(value)).toBe(false);
    }
    expect(await active(client, values[0]!)).toBe(true);
    const revoked = await form('/token/revocation', { token: values[0]! }, client);
    expect(revoked.statusCode).toBe(200);
    expect(await active(client, values[0]!)).toBe(false);
    expect(await active(client, values[1]!)).toBe(true);
    // Another client learns nothing of them, and cannot revoke them.
    const stranger = await newClient(appId, 'Stranger');
    expect(await active(stranger, values[1]!)).toBe(false);
    await form('/token/revocation', { token: values[1]! }, stranger);
    expect(await active(client, values[1]!)).toBe(true);
  });

  it('gathers the writes that arrive while one is under way; each caller waits for its own', async () => {
    const statements: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const batch = new WriteBatch<number>(async (rows) => {
      statements.push(rows);
      await gate;
    }, 1);
    const settled: number[] = [];
    const all = Array.from({ length: 10 }, (_, i) => batch.add(i).then(() => settled.push(i)));
    await new Promise((r) => setTimeout(r, 10));
    expect(statements).toEqual([[0]]);
    expect(settled).toEqual([]);
    release();
    await Promise.all(all);
    expect(statements).toEqual([[0], [1, 2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(settled).toHaveLength(10);
  });

  it('fails the callers of a failed statement, and only them', async () => {
    let calls = 0;
    const batch = new WriteBatch<number>(async (rows) => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      if (rows.includes(13)) throw new Error('refused');
    }, 1);
    const first = batch.add(1);
    const [second, third] = [batch.add(13), batch.add(2)];
    await expect(first).resolves.toBeUndefined();
    await expect(second).rejects.toThrow('refused');
    await expect(third).rejects.toThrow('refused');
    await expect(batch.add(3)).resolves.toBeUndefined();
    expect(calls).toBe(3);
  });
});
