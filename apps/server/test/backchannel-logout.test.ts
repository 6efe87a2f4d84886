import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createdClientSchema } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, oidcPayloads, rolePermissions } from '../src/db/schema/index.ts';
import { AppError } from '../src/lib/errors.ts';
import { enqueueAll } from '../src/lib/jobs.ts';
import { ClientService } from '../src/modules/clients/service.ts';
import { LOGOUT_EVENT, LOGOUT_MAX_ATTEMPTS } from '../src/modules/oidc/backchannel-logout.ts';
import { LOGOUT_QUEUE, logoutsOf } from '../src/modules/oidc/logout-queue.ts';
import { endOidcAccess } from '../src/modules/oidc/repository.ts';
import { createApplication, del, put } from './fixtures.ts';
import { build, fieldKey, type TestContext } from './helper.ts';
import { type Received, type Receiver, startReceiver, until } from './webhook-receiver.ts';

/**
 * Back-Channel Logout 1.0 against the listening server: users sign in through the provider
 * (the browser is a fetch with a cookie jar, the /oauth page driven through the interaction
 * API), and a receiver on 127.0.0.1 takes the logout tokens, which are checked with `jose`
 * against the server's published JWKS.
 */

const V2 = '/api/admin-service/v2/application/client';
const USERS = '/api/admin-service/v2/user';
const REDIRECT = 'http://127.0.0.1:4000/cb';
const INTERACTION = '/api/oauth2-server/interaction';

/** The server's warnings: a logout given up is one. */
const warnings: { msg?: string; clientId?: string; attempts?: number }[] = [];
const log = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) if (line.trim()) warnings.push(JSON.parse(line));
    done();
  },
});

let t: TestContext;
let origin: string;
let admin: string;
let appId: string;
let roleId: string;
let receiver: Receiver;
let jwks: ReturnType<typeof createRemoteJWKSet>;

type Registered = { client: string; secret: string; acId: string; path: string };

beforeAll(async () => {
  t = await build({
    config: {
      secretKey: randomBytes(32),
      issuer: undefined,
      // The receiver listens on 127.0.0.1 over plain http.
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
      // Retries within the test, not minutes apart.
      webhookRetryDelaysMs: [50],
      webhookTimeoutMs: 1_000,
      jobPollIntervalMs: 50,
      auditSealIntervalMs: 0,
      auditPurgeCheckIntervalMs: 0,
    },
    logger: { level: 'warn', stream: log },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login();
  receiver = await startReceiver();
  appId = await createApplication(t.db, 'bcl-app', 'Logout app');
  const role = await t.createRole();
  roleId = role.roleId;
  await t.db
    .insert(rolePermissions)
    .values({ roleId, applicationId: appId, permissionId: 'orders', actions: ['retrieve'] });
  jwks = createRemoteJWKSet(new URL(`${origin}/oidc/jwks`));
});

afterAll(async () => {
  await receiver?.close();
});

let clientCount = 0;
async function registerClient(logout: { path?: string; sid?: boolean } = {}): Promise<Registered> {
  clientCount += 1;
  const path = logout.path ?? `/logout-${clientCount}`;
  const res = await t.post(
    V2,
    {
      clientName: `Client ${clientCount}`,
      redirectUrl: REDIRECT,
      applicationId: appId,
      ...(logout.path === '' ? {} : { backchannelLogoutUri: `${receiver.origin}${path}` }),
      ...(logout.sid ? { backchannelLogoutSessionRequired: true } : {}),
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  const created = createdClientSchema.parse(res.json());
  return { client: created.client, secret: created.secret!, acId: created.acId, path };
}

/** A browser: keeps cookies by name (paths ignored: every cookie goes with every request). */
class Browser {
  private jar = new Map<string, string>();
  private cookie = () => [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  private keep(lines: string[]) {
    for (const line of lines) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(pair!.slice(0, at).trim());
      else this.jar.set(pair!.slice(0, at).trim(), value);
    }
  }
  async get(url: string): Promise<Response> {
    const res = await fetch(new URL(url, origin), { redirect: 'manual', headers: { cookie: this.cookie() } });
    this.keep(res.headers.getSetCookie());
    return res;
  }
  async post(url: string, form: Record<string, string>): Promise<Response> {
    const res = await fetch(new URL(url, origin), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: this.cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    this.keep(res.headers.getSetCookie());
    return res;
  }
  /** A call of the interaction API as the /oauth page makes it. */
  async api(path: string, body?: object) {
    const res = await t.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: path,
      headers: { cookie: this.cookie() },
      ...(body === undefined ? {} : { payload: body }),
    });
    const setCookie = res.headers['set-cookie'];
    this.keep(setCookie === undefined ? [] : ([] as string[]).concat(setCookie));
    return res.json() as { prompt?: string; redirectTo?: string };
  }
}

type User = { username: string; password: string; userId: string };

/**
 * Signs `user` in to `client` in `browser` (logging in unless the browser's provider session
 * already has them) and redeems the code: the ID token, with the session's `sid`.
 */
async function signIn(browser: Browser, client: Registered, user: User): Promise<{ idToken: string }> {
  const query = new URLSearchParams({
    client_id: client.client,
    response_type: 'code',
    scope: 'openid offline_access',
    redirect_uri: REDIRECT,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    prompt: 'consent',
  });
  let res = await browser.get(`/oidc/auth?${query}`);
  for (let step = 0; step < 4; step += 1) {
    const location = res.headers.get('location')!;
    expect(location, await res.text()).toBeTruthy();
    if (location.startsWith(REDIRECT)) {
      const code = new URL(location).searchParams.get('code')!;
      const token = await fetch(`${origin}/oidc/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${client.client}:${client.secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        }),
      });
      const body = (await token.json()) as { id_token: string };
      expect(token.status, JSON.stringify(body)).toBe(200);
      return { idToken: body.id_token };
    }
    const uid = new URL(location, origin).searchParams.get('uid')!;
    const details = await browser.api(`${INTERACTION}/${uid}`);
    const next =
      details.prompt === 'login'
        ? await browser.api(`${INTERACTION}/${uid}/login`, {
            username: user.username,
            password: user.password,
          })
        : await browser.api(`${INTERACTION}/${uid}/consent`, {});
    expect(next.redirectTo, JSON.stringify(next)).toBeTruthy();
    res = await browser.get(next.redirectTo!);
  }
  throw new Error('the sign-in did not come back to the client');
}

const newUser = () => t.createUser({ roleIds: [roleId] }) as Promise<User>;

/** The logout tokens the receiver took at `path`, checked as a relying party checks them. */
async function verifiedAt(path: string, audience: string) {
  const requests = receiver.received.filter((r) => r.url === path);
  return Promise.all(requests.map((r) => verify(r, audience)));
}

async function verify(request: Received, audience: string) {
  expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
  // Sent by the job queue's sender, not by the provider within the request.
  expect(request.headers['user-agent']).toBe('Gatehouse-Logout/1');
  const form = new URLSearchParams(request.body);
  expect([...form.keys()]).toEqual(['logout_token']);
  const token = form.get('logout_token')!;
  const { payload, protectedHeader } = await jwtVerify(token, jwks, {
    issuer: `${origin}/oidc`,
    audience,
    typ: 'logout+jwt',
    algorithms: ['RS256'],
    requiredClaims: ['iat', 'exp', 'jti', 'events'],
  });
  expect(protectedHeader.alg).toBe('RS256');
  expect(payload.events).toEqual({ [LOGOUT_EVENT]: {} });
  expect(payload).not.toHaveProperty('nonce');
  expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(120);
  return payload;
}

/** Waits until no logout job is left: every one sent, given up or found to have nothing to send. */
async function drained() {
  await until(async () => (await t.db.select().from(jobs).where(eq(jobs.queue, LOGOUT_QUEUE))).length === 0);
}

describe('registration', () => {
  it('discovery says back-channel logout is supported, with sid', async () => {
    const config = (await (await fetch(`${origin}/oidc/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(config.backchannel_logout_supported).toBe(true);
    expect(config.backchannel_logout_session_supported).toBe(true);
  });

  it('keeps the URI and the sid choice, changes and clears them; refuses a bad URI with a field message', async () => {
    const registered = await registerClient({ sid: true });
    const read = await t.get(`${V2}/${registered.acId}`, admin);
    expect(read.json()).toMatchObject({
      backchannelLogoutUri: `${receiver.origin}${registered.path}`,
      backchannelLogoutSessionRequired: true,
    });
    // Left out, both stay.
    let res = await put(t, V2, { acId: registered.acId, clientName: 'Renamed' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      backchannelLogoutUri: `${receiver.origin}${registered.path}`,
      backchannelLogoutSessionRequired: true,
    });
    res = await put(
      t,
      V2,
      {
        acId: registered.acId,
        clientName: 'Renamed',
        backchannelLogoutUri: '',
        backchannelLogoutSessionRequired: false,
      },
      admin,
    );
    expect(res.json()).toMatchObject({ backchannelLogoutUri: null, backchannelLogoutSessionRequired: false });
    for (const [uri, key] of [
      ['https://rp.example/logout#frag', 'appConfig.logoutUriFragment'],
      ['http://rp.example/logout', 'appConfig.redirectUrlHttps'],
      ['not a url', 'field.url'],
      ['https://a.example/1 https://b.example/2', 'field.url'],
    ] as const) {
      const bad = await t.post(
        V2,
        { clientName: 'Bad', redirectUrl: REDIRECT, applicationId: appId, backchannelLogoutUri: uri },
        admin,
      );
      expect(bad.statusCode, uri).toBe(400);
      expect(fieldKey(bad.json(), 'backchannelLogoutUri'), uri).toBe(key);
    }
  });

  it('refuses a private or plain-http target under the default outbound policy, as for webhooks', async () => {
    const strict = new ClientService(t.db, { allowHttp: false, allowPrivate: false });
    const ctx = { actorId: null, actorName: null, ip: null, requestId: null };
    for (const [uri, key] of [
      ['https://127.0.0.1/logout', 'webhook.privateTarget'],
      ['https://10.0.0.7/logout', 'webhook.privateTarget'],
      ['http://localhost/logout', 'webhook.httpsOnly'],
    ] as const) {
      const refused = await strict
        .create(
          {
            clientName: 'Strict',
            redirectUrl: REDIRECT,
            applicationId: appId,
            backchannelLogoutUri: uri,
            webOrigins: [],
            backchannelLogoutSessionRequired: false,
            clientType: 'CONFIDENTIAL',
            status: 'ENABLED',
          },
          ctx,
        )
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(refused, uri).toBeInstanceOf(AppError);
      expect((refused as AppError).statusCode).toBe(400);
      expect(JSON.stringify((refused as AppError).fields), uri).toContain(key);
    }
  });
});

describe('logout tokens', () => {
  let withSid: Registered;
  let withoutSid: Registered;
  let silent: Registered;

  beforeAll(async () => {
    withSid = await registerClient({ sid: true });
    withoutSid = await registerClient();
    silent = await registerClient({ path: '' });
  });

  it('signing out at /oidc/session/end sends each client of the session a verified token, none to others', async () => {
    const user = await newUser();
    const bystander = await newUser();
    const browser = new Browser();
    const { idToken } = await signIn(browser, withSid, user);
    await signIn(browser, withoutSid, user);
    await signIn(browser, silent, user);
    // Another user's session with the same client is not ended.
    await signIn(new Browser(), withSid, bystander);
    const sid = decodeJwt(idToken).sid;
    expect(sid).toBeTruthy();
    receiver.received.length = 0;

    const page = await browser.get(`/oidc/session/end?client_id=${withSid.client}`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
    const confirm = await browser.post('/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(confirm.status).toBe(303);
    await until(() => receiver.received.length >= 2);
    await drained();

    const [first, ...moreWithSid] = await verifiedAt(withSid.path, withSid.client);
    expect(moreWithSid).toHaveLength(0);
    expect(first).toMatchObject({ sub: user.userId, sid });
    const [second, ...moreWithout] = await verifiedAt(withoutSid.path, withoutSid.client);
    expect(moreWithout).toHaveLength(0);
    expect(second!.sub).toBe(user.userId);
    expect(second).not.toHaveProperty('sid');
    expect(receiver.received).toHaveLength(2);
    expect(first!.jti).not.toBe(second!.jti);
    // A logout token is no access token: the provider's userinfo and the menus call refuse it.
    const logoutToken = new URLSearchParams(receiver.received[0]!.body).get('logout_token')!;
    const userinfo = await fetch(`${origin}/oidc/me`, {
      headers: { authorization: `Bearer ${logoutToken}` },
    });
    expect(userinfo.status).toBe(401);
    const menus = await t.get('/api/oauth2-server/authorization/menus', logoutToken);
    expect(menus.statusCode).toBe(401);
  });

  it('leaving one client at /oidc/session/end (staying signed in) tells that client only', async () => {
    const user = await newUser();
    const browser = new Browser();
    await signIn(browser, withSid, user);
    await signIn(browser, withoutSid, user);
    receiver.received.length = 0;
    const page = await browser.get(`/oidc/session/end?client_id=${withoutSid.client}`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())?.[1];
    const confirm = await browser.post('/oidc/session/end/confirm', { xsrf: xsrf! });
    expect(confirm.status).toBe(303);
    await until(() => receiver.received.length >= 1);
    await drained();
    expect(receiver.received).toHaveLength(1);
    const [token] = await verifiedAt(withoutSid.path, withoutSid.client);
    expect(token!.sub).toBe(user.userId);
  });

  it("an administrator's revoke, a disable and a delete each tell the user's clients only", async () => {
    for (const end of [
      (userId: string) => del(t, `${USERS}/${userId}/sessions`, admin),
      (userId: string) => put(t, `${USERS}/${userId}/status`, { status: 'DISABLED' }, admin),
      (userId: string) => del(t, `${USERS}/${userId}`, admin),
    ]) {
      const user = await newUser();
      const other = await newUser();
      const { idToken } = await signIn(new Browser(), withSid, user);
      await signIn(new Browser(), withoutSid, other);
      receiver.received.length = 0;
      const res = await end(user.userId);
      expect(res.statusCode, res.body).toBeLessThan(300);
      await until(() => receiver.received.length >= 1);
      await drained();
      expect(receiver.received).toHaveLength(1);
      const [token] = await verifiedAt(withSid.path, withSid.client);
      expect(token).toMatchObject({ sub: user.userId, sid: decodeJwt(idToken).sid });
    }
  });

  it('a client whose grant outlived its session gets sub alone', async () => {
    const user = await newUser();
    const browser = new Browser();
    await signIn(browser, withSid, user);
    // The browser's session ends (as at an expiry); the grant and its refresh token stay.
    await t.db.delete(oidcPayloads).where(eq(oidcPayloads.model, 'Session'));
    receiver.received.length = 0;
    await del(t, `${USERS}/${user.userId}/sessions`, admin);
    await until(() => receiver.received.length >= 1);
    await drained();
    const [token, ...more] = await verifiedAt(withSid.path, withSid.client);
    expect(more).toHaveLength(0);
    expect(token!.sub).toBe(user.userId);
    expect(token).not.toHaveProperty('sid');
  });

  it('a failing receiver is tried again until it takes the token', async () => {
    const user = await newUser();
    await signIn(new Browser(), withoutSid, user);
    receiver.received.length = 0;
    let refusals = 2;
    const answer = receiver.answer;
    receiver.answer = (req, res, body) => {
      if (refusals-- > 0) {
        res.statusCode = 503;
        res.end();
        return;
      }
      answer(req, res, body);
    };
    try {
      await del(t, `${USERS}/${user.userId}/sessions`, admin);
      await until(() => receiver.received.length >= 3);
      await drained();
    } finally {
      receiver.answer = answer;
    }
    expect(receiver.received).toHaveLength(3);
    const tokens = await verifiedAt(withoutSid.path, withoutSid.client);
    expect(tokens.map((p) => p.sub)).toEqual([user.userId, user.userId, user.userId]);
    // A fresh token each attempt.
    expect(new Set(tokens.map((p) => p.jti)).size).toBe(3);
  });

  it('a receiver that never takes it is given up after the last attempt, with a warning', async () => {
    const user = await newUser();
    await signIn(new Browser(), withoutSid, user);
    receiver.received.length = 0;
    const answer = receiver.answer;
    receiver.answer = (_req, res) => {
      res.statusCode = 500;
      res.end();
    };
    try {
      await del(t, `${USERS}/${user.userId}/sessions`, admin);
      await until(() => receiver.received.length >= LOGOUT_MAX_ATTEMPTS, 20_000);
      await drained();
    } finally {
      receiver.answer = answer;
    }
    expect(receiver.received).toHaveLength(LOGOUT_MAX_ATTEMPTS);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        clientId: withoutSid.client,
        attempts: LOGOUT_MAX_ATTEMPTS,
        msg: expect.stringMatching(/given up/),
      }),
    );
  });

  it('a disabled client gets nothing, also when disabled after the logout was queued', async () => {
    const disabled = await registerClient();
    const user = await newUser();
    await signIn(new Browser(), disabled, user);
    const res = await put(t, `${V2}/status`, { acId: disabled.acId, status: 'DISABLED' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    // A logout queued while the client was enabled, sent after it was disabled.
    await t.db
      .insert(jobs)
      .values({ queue: LOGOUT_QUEUE, payload: { clientId: disabled.client, sub: user.userId } });
    // Disabled when the user's access ends: nothing is queued.
    receiver.received.length = 0;
    await del(t, `${USERS}/${user.userId}/sessions`, admin);
    await drained();
    expect(receiver.received).toHaveLength(0);
  });

  it('an end of many accounts queues every logout, more than one statement could take', async () => {
    const many = Array.from({ length: 33_000 }, (_, i) => ({
      model: 'Grant',
      payload: { accountId: `u${i}`, clientId: withSid.client },
    }));
    const logouts = logoutsOf(many);
    expect(logouts).toHaveLength(33_000);
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueAll(tx, 'test.enqueue-all', logouts);
        const rows = await tx.select().from(jobs).where(eq(jobs.queue, 'test.enqueue-all'));
        expect(rows).toHaveLength(33_000);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  });

  it('a rolled-back change sends nothing', async () => {
    const user = await newUser();
    await signIn(new Browser(), withSid, user);
    receiver.received.length = 0;
    await expect(
      t.db.transaction(async (tx) => {
        expect(await endOidcAccess(tx, [user.userId])).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await drained();
    expect(await t.db.select().from(jobs).where(eq(jobs.queue, LOGOUT_QUEUE))).toHaveLength(0);
    // The session is still there: a change that commits tells the client.
    await del(t, `${USERS}/${user.userId}/sessions`, admin);
    await until(() => receiver.received.length >= 1);
    expect(receiver.received).toHaveLength(1);
  });
});
