import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  createdClientSchema,
  LOGIN_RATE_LIMIT,
  MESSAGES,
  OIDC_MESSAGES,
  PASSKEY_MESSAGES,
  PASSKEY_SIGN_IN_STARTS,
  PASSKEYS_PER_USER,
  type Passkey,
} from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { auditLog, passkeyCeremonies, passkeys, rolePermissions, users } from '../src/db/schema/index.ts';
import { RelyingParty } from '../src/modules/passkeys/service.ts';
import { createApplication, put } from './fixtures.ts';
import { build, en, fieldMessage, type TestContext } from './helper.ts';
import { SoftwareAuthenticator } from './webauthn-authenticator.ts';

const ORIGIN = 'https://login.gatehouse.test';
const RP_ID = 'login.gatehouse.test';
const BASE = '/api/oauth2-server/passkeys';
const SIGN_IN = '/api/oauth2-server/login/passkey';

let t: TestContext;

let origin: string;

beforeAll(async () => {
  // Listening, for the /oauth tests' authorization requests (the issuer is then its address).
  t = await build({ config: { passkeyOrigin: ORIGIN, issuer: undefined } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

type Options = Record<string, unknown> & { challenge: string };

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Starts a ceremony as a browser does: the options, and the cookie that binds it to this browser. */
async function start(path: string, token?: string, body?: Record<string, unknown>, ip = randomIp()) {
  // From an address of its own, so the tests do not spend one source's budget of starts.
  const res = await t.post(path, body, token, { remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  const [cookie] = res.cookies as { name: string; value: string; path: string; httpOnly: boolean }[];
  expect(cookie).toMatchObject({ path: '/api/oauth2-server', httpOnly: true });
  return { options: res.json().options as Options, cookie: `${cookie!.name}=${cookie!.value}` };
}

const send = (url: string, body: unknown, cookie: string | undefined, token?: string, ip = '10.9.0.1') =>
  t.inject({
    method: 'POST',
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
      'x-request-id': `pk-${randomUUID()}`,
    },
    payload: body as Record<string, unknown>,
    remoteAddress: ip,
  });

const auditFor = async (res: LightMyRequestResponse) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));

async function newUser(input: Parameters<TestContext['createUser']>[0] = {}) {
  const user = await t.createUser(input);
  const token =
    user.status === 'DISABLED' || input.mustChangePassword ? '' : await t.login(user.username, user.password);
  return { ...user, token };
}

async function register(token: string, name = 'Laptop') {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const { options, cookie } = await start(`${BASE}/registration/options`, token);
  const res = await send(BASE, { name, response: authenticator.register(options) }, cookie, token);
  expect(res.statusCode, res.body).toBe(200);
  return { authenticator, passkey: res.json() as Passkey, res };
}

async function signIn(authenticator: SoftwareAuthenticator, username?: string, ip?: string) {
  const { options, cookie } = await start(`${SIGN_IN}/options`, undefined, username ? { username } : {});
  return send(SIGN_IN, { response: authenticator.assert(options) }, cookie, undefined, ip);
}

describe('the relying party', () => {
  it('is GATEHOUSE_PASSKEY_ORIGIN, else GATEHOUSE_PUBLIC_URL, else localhost on the listening port', () => {
    const of = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig(env);
      return new RelyingParty(config.passkeyOrigin ?? config.publicUrl, config.port);
    };
    expect(
      of({
        GATEHOUSE_PASSKEY_ORIGIN: 'https://iam.example.com',
        GATEHOUSE_PUBLIC_URL: 'https://other.example.com',
      }),
    ).toMatchObject({ origin: 'https://iam.example.com', id: 'iam.example.com' });
    expect(of({ GATEHOUSE_PUBLIC_URL: 'https://login.example.com:8443' })).toMatchObject({
      origin: 'https://login.example.com:8443',
      id: 'login.example.com',
    });
    const local = of({ PORT: '0' });
    local.setListeningPort(41234);
    expect(local).toMatchObject({ origin: 'http://localhost:41234', id: 'localhost' });
    expect(() => loadConfig({ GATEHOUSE_PASSKEY_ORIGIN: 'https://iam.example.com/console' })).toThrow(
      /GATEHOUSE_PASSKEY_ORIGIN/,
    );
    // This app's, from the test's configuration: what its options name.
    expect(t.app.services.passkeys.relyingParty).toMatchObject({ origin: ORIGIN, id: RP_ID });
  });
});

describe('registering passkeys', () => {
  it('registers several named passkeys, listed with their dates, and audits each', async () => {
    const user = await newUser();
    const { passkey, res } = await register(user.token, 'Laptop');
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedDate: null, transports: ['internal'] });
    expect(Date.parse(passkey.createdDate)).toBeGreaterThan(Date.now() - 60_000);
    await register(user.token, 'Phone');
    const list = await t.get(BASE, user.token);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Passkey[]).map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(await auditFor(res)).toMatchObject([
      {
        action: 'passkey.register',
        entity: 'user',
        entityId: user.userId,
        actorId: user.userId,
        after: { passkeyId: passkey.passkeyId, name: 'Laptop' },
      },
    ]);
    // Each user sees only their own.
    const other = await newUser();
    expect((await t.get(BASE, other.token)).json()).toEqual([]);
  });

  it('offers the registered passkeys as excluded, and refuses the same credential twice', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    const { options, cookie } = await start(`${BASE}/registration/options`, user.token);
    expect(options).toMatchObject({
      rp: { id: RP_ID },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'required' },
      excludeCredentials: [{ id: authenticator.id, type: 'public-key' }],
    });
    const again = await send(
      BASE,
      { name: 'Again', response: authenticator.register(options) },
      cookie,
      user.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe(PASSKEY_MESSAGES.alreadyRegistered.key);
  });

  it('refuses an answer for another origin or relying party, without user verification, or to another challenge', async () => {
    const user = await newUser();
    const cases = [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
      { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' },
    ];
    for (const ceremony of cases) {
      const { options, cookie } = await start(`${BASE}/registration/options`, user.token);
      const res = await send(
        BASE,
        { name: 'Bad', response: new SoftwareAuthenticator(ORIGIN).register(options, ceremony) },
        cookie,
        user.token,
      );
      expect(res.statusCode, JSON.stringify(ceremony)).toBe(400);
      expect(fieldMessage(res.json(), 'response')).toBe(en(PASSKEY_MESSAGES.refused));
    }
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.userId))).toEqual([]);
  });

  it('binds a registration to the browser, the user and the session that started it, and answers it once', async () => {
    const user = await newUser();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { options, cookie } = await start(`${BASE}/registration/options`, user.token);
    const response = authenticator.register(options);
    // Another browser (no cookie), another user's session, another session of the same user.
    const other = await newUser();
    const secondSession = await t.login(user.username, user.password);
    for (const [jar, token] of [
      [undefined, user.token],
      [cookie, other.token],
      [cookie, secondSession],
    ] as const) {
      const res = await send(BASE, { name: 'Laptop', response }, jar, token);
      expect(res.statusCode).toBe(400);
      expect(fieldMessage(res.json(), 'response')).toBe(en(PASSKEY_MESSAGES.expired));
    }
    // Each of those spent it: the ceremony answers once.
    const late = await send(BASE, { name: 'Laptop', response }, cookie, user.token);
    expect(late.statusCode).toBe(400);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, other.userId))).toEqual([]);
  });

  it('answers bad input with field messages, never a 500', async () => {
    const user = await newUser();
    const { options, cookie } = await start(`${BASE}/registration/options`, user.token);
    const response = new SoftwareAuthenticator(ORIGIN).register(options);
    for (const body of [
      { name: '', response },
      { name: 'x'.repeat(65), response },
      {
        name: 'Laptop',
        response: { ...response, response: { ...response.response, clientDataJSON: 'not base64url!' } },
      },
      { name: 'Laptop', response: { ...response, type: 'password' } },
      { name: 'Laptop' },
    ]) {
      const res = await send(BASE, body, cookie, user.token);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fields.length).toBeGreaterThan(0);
    }
    // Garbage that has the right shape reaches the library, which refuses it: a 400 too.
    const garbage = await send(
      BASE,
      {
        name: 'Laptop',
        response: { ...response, response: { ...response.response, attestationObject: 'AAAA' } },
      },
      cookie,
      user.token,
    );
    expect(garbage.statusCode).toBe(400);
  });

  it(`holds at most ${PASSKEYS_PER_USER} passkeys per user`, async () => {
    const user = await newUser();
    await t.db.insert(passkeys).values(
      Array.from({ length: PASSKEYS_PER_USER }, (_, i) => ({
        userId: user.userId,
        credentialId: `filler-${randomUUID()}`,
        publicKey: 'AA',
        name: `Key ${i}`,
      })),
    );
    const res = await t.post(`${BASE}/registration/options`, undefined, user.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe(PASSKEY_MESSAGES.tooMany.key);
  });

  it('needs a console session', async () => {
    expect((await t.post(`${BASE}/registration/options`)).statusCode).toBe(401);
    expect((await t.get(BASE)).statusCode).toBe(401);
  });
});

describe('renaming and removing passkeys', () => {
  it('renames a passkey of your own, audited; another user’s is not found', async () => {
    const user = await newUser();
    const { passkey } = await register(user.token, 'Laptop');
    const res = await put(t, `${BASE}/${passkey.passkeyId}`, { name: 'Work laptop' }, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ passkeyId: passkey.passkeyId, name: 'Work laptop' });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'passkey.rename'));
    expect(rows.find((r) => r.entityId === user.userId)).toMatchObject({
      before: { name: 'Laptop' },
      after: { name: 'Work laptop' },
    });
    const other = await newUser();
    const theirs = await put(t, `${BASE}/${passkey.passkeyId}`, { name: 'Mine now' }, other.token);
    expect(theirs.statusCode).toBe(404);
    expect((await put(t, `${BASE}/${passkey.passkeyId}`, { name: ' ' }, user.token)).statusCode).toBe(400);
  });

  it('removes a passkey given the password, refuses a wrong one; audited', async () => {
    const user = await newUser();
    const { passkey } = await register(user.token);
    const url = `${BASE}/${passkey.passkeyId}/remove`;
    const none = await send(url, {}, undefined, user.token);
    expect(none.statusCode).toBe(400);
    expect(fieldMessage(none.json(), 'password')).toBe(en(PASSKEY_MESSAGES.passwordOrPasskey));
    const wrong = await send(url, { password: 'not-it' }, undefined, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(fieldMessage(wrong.json(), 'password')).toBe(en(MESSAGES.currentPasswordWrong));
    const right = await send(url, { password: user.password }, undefined, user.token);
    expect(right.statusCode, right.body).toBe(200);
    expect(await auditFor(right)).toMatchObject([
      {
        action: 'passkey.remove',
        entityId: user.userId,
        after: { passkeyId: passkey.passkeyId, proof: 'password' },
      },
    ]);
    expect((await t.get(BASE, user.token)).json()).toEqual([]);
  });

  it("removes a passkey given a passkey's proof; another user's passkey neither proves nor is removed", async () => {
    const user = await newUser();
    const first = await register(user.token, 'Laptop');
    const second = await register(user.token, 'Phone');
    const other = await newUser();
    const theirs = await register(other.token, 'Theirs');

    // Another user's passkey is not found, whatever the proof.
    const notMine = await send(
      `${BASE}/${theirs.passkey.passkeyId}/remove`,
      { password: user.password },
      undefined,
      user.token,
    );
    expect(notMine.statusCode).toBe(404);

    // Their authenticator answering my proof ceremony proves nothing.
    let proof = await start(`${BASE}/proof/options`, user.token);
    expect((proof.options.allowCredentials as { id: string }[]).map((c) => c.id).sort()).toEqual(
      [first.authenticator.id, second.authenticator.id].sort(),
    );
    const foreign = await send(
      `${BASE}/${first.passkey.passkeyId}/remove`,
      { passkey: theirs.authenticator.assert(proof.options) },
      proof.cookie,
      user.token,
    );
    expect(foreign.statusCode).toBe(400);
    expect(fieldMessage(foreign.json(), 'passkey')).toBe(en(PASSKEY_MESSAGES.refused));

    proof = await start(`${BASE}/proof/options`, user.token);
    const right = await send(
      `${BASE}/${first.passkey.passkeyId}/remove`,
      { passkey: second.authenticator.assert(proof.options) },
      proof.cookie,
      user.token,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(await auditFor(right)).toMatchObject([{ action: 'passkey.remove', after: { proof: 'passkey' } }]);
    expect(((await t.get(BASE, user.token)).json() as Passkey[]).map((p) => p.name)).toEqual(['Phone']);
    // The proof ceremony answered once.
    const replay = await send(
      `${BASE}/${second.passkey.passkeyId}/remove`,
      { passkey: second.authenticator.assert(proof.options) },
      proof.cookie,
      user.token,
    );
    expect(replay.statusCode).toBe(400);
    expect(fieldMessage(replay.json(), 'response')).toBe(en(PASSKEY_MESSAGES.expired));
    expect((await t.get(BASE, other.token)).json()).toHaveLength(1);
  });
});

describe('a proof before a removal', () => {
  it('is bound to the session that started it, and needs passkeys to offer', async () => {
    const user = await newUser();
    const { authenticator, passkey } = await register(user.token);
    const otherSession = await t.login(user.username, user.password);
    const proof = await start(`${BASE}/proof/options`, user.token);
    const res = await send(
      `${BASE}/${passkey.passkeyId}/remove`,
      { passkey: authenticator.assert(proof.options) },
      proof.cookie,
      otherSession,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res.json(), 'response')).toBe(en(PASSKEY_MESSAGES.expired));
    expect((await t.get(BASE, user.token)).json()).toHaveLength(1);
    const none = await newUser();
    expect((await t.post(`${BASE}/proof/options`, undefined, none.token)).statusCode).toBe(404);
  });
});

describe('signing in with a passkey on /login', () => {
  it('signs in with a discoverable passkey: a session, audited as a login by passkey, the passkey marked used', async () => {
    const user = await newUser();
    const { authenticator, passkey } = await register(user.token);
    const res = await signIn(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    const { token, userInfo } = res.json().result;
    expect(userInfo.username).toBe(user.username);
    expect((await t.get('/api/admin-service/user/current', token)).statusCode).toBe(200);
    expect(await auditFor(res)).toMatchObject([
      { action: 'login', entityId: user.userId, actorId: user.userId, after: { method: 'passkey' } },
    ]);
    const [listed] = (await t.get(BASE, token)).json() as Passkey[];
    expect(listed!.passkeyId).toBe(passkey.passkeyId);
    expect(listed!.lastUsedDate).not.toBeNull();
  });

  it("signs in username-first: only that account's passkeys are offered and accepted", async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    const other = await newUser();
    const theirs = await register(other.token);

    const { options } = await start(`${SIGN_IN}/options`, undefined, { username: user.username });
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: 'required' });
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    expect((await signIn(authenticator, user.username)).statusCode).toBe(200);

    // Another user's passkey answering a sign-in that named this account.
    const res = await signIn(theirs.authenticator, user.username);
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(PASSKEY_MESSAGES.refused.key);
    expect(await auditFor(res)).toMatchObject([
      {
        action: 'login.failed',
        entityId: user.userId,
        after: { reason: 'unknown-passkey', method: 'passkey' },
      },
    ]);
  });

  it('an unknown name is answered like an account without passkeys', async () => {
    const { options } = await start(`${SIGN_IN}/options`, undefined, { username: 'nobody-at-all' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('refuses an answer for another origin, relying party or challenge, or without user verification; audited', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' },
      { userVerified: false },
    ]) {
      const { options, cookie } = await start(`${SIGN_IN}/options`, undefined, {});
      const res = await send(SIGN_IN, { response: authenticator.assert(options, ceremony) }, cookie);
      expect(res.statusCode, JSON.stringify(ceremony)).toBe(401);
      expect(res.json().key).toBe(PASSKEY_MESSAGES.refused.key);
      expect(await auditFor(res)).toMatchObject([
        { action: 'login.failed', entityId: user.userId, after: { reason: 'wrong-passkey' } },
      ]);
    }
  });

  it('refuses a replayed answer: the challenge answers once, and only in the browser that asked for it', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    const { options, cookie } = await start(`${SIGN_IN}/options`, undefined, {});
    const response = authenticator.assert(options);
    // Without the browser's cookie (another browser replaying it): nothing to answer.
    const elsewhere = await send(SIGN_IN, { response }, undefined);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().key).toBe(PASSKEY_MESSAGES.expired.key);
    expect((await send(SIGN_IN, { response }, cookie)).statusCode).toBe(200);
    const replay = await send(SIGN_IN, { response }, cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().key).toBe(PASSKEY_MESSAGES.expired.key);
    // A fresh ceremony does not take an old answer either: its challenge is another.
    const fresh = await start(`${SIGN_IN}/options`, undefined, {});
    expect((await send(SIGN_IN, { response }, fresh.cookie)).statusCode).toBe(401);
  });

  it('limits the starts per source and per username (each stores a challenge)', async () => {
    const startFrom = (ip: string, body: Record<string, unknown> = {}) =>
      t.post(`${SIGN_IN}/options`, body, undefined, { remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 0; i <= PASSKEY_SIGN_IN_STARTS.perIp; i++)
      statuses.push((await startFrom('10.77.0.1')).statusCode);
    expect(statuses).toEqual([...Array(PASSKEY_SIGN_IN_STARTS.perIp).fill(200), 429]);
    expect((await startFrom('10.77.0.2')).statusCode).toBe(200);
    // One username from many sources.
    const named: number[] = [];
    for (let i = 0; i <= PASSKEY_SIGN_IN_STARTS.perAccount; i++)
      named.push((await startFrom(randomIp(), { username: 'much-wanted' })).statusCode);
    expect(named.at(-1)).toBe(429);
  });

  it('refuses an expired ceremony', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    const { options, cookie } = await start(`${SIGN_IN}/options`, undefined, {});
    await t.db.update(passkeyCeremonies).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await send(SIGN_IN, { response: authenticator.assert(options) }, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(PASSKEY_MESSAGES.expired.key);
  });

  it('refuses a passkey whose counter went backwards (a cloned authenticator), audited', async () => {
    const user = await newUser();
    const { authenticator, passkey } = await register(user.token);
    authenticator.counter = 10;
    expect((await signIn(authenticator)).statusCode).toBe(200);
    // The clone's counter is behind the stored 11.
    authenticator.counter = 4;
    const res = await signIn(authenticator);
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(PASSKEY_MESSAGES.refused.key);
    expect(await auditFor(res)).toMatchObject([
      {
        action: 'login.failed',
        entityId: user.userId,
        after: { reason: 'counter-regression', passkeyId: passkey.passkeyId, counter: 5, storedCounter: 11 },
      },
    ]);
    // The same counter again is a regression too.
    authenticator.counter = 10;
    expect((await signIn(authenticator)).statusCode).toBe(401);
    authenticator.counter = 20;
    expect((await signIn(authenticator)).statusCode).toBe(200);
  });

  it('refuses a disabled account, audited', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.userId, user.userId));
    const res = await signIn(authenticator);
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe(MESSAGES.accountDisabled.key);
    expect(await auditFor(res)).toMatchObject([
      { action: 'login.failed', entityId: user.userId, after: { reason: 'disabled' } },
    ]);
  });

  it('refuses an unknown passkey, audited without naming an account', async () => {
    const stranger = new SoftwareAuthenticator(ORIGIN);
    const res = await signIn(stranger);
    expect(res.statusCode).toBe(401);
    expect(await auditFor(res)).toMatchObject([
      { action: 'login.failed', entityId: null, after: { reason: 'unknown-passkey' } },
    ]);
  });

  it('counts as both factors: a user with two-factor sign-in on gets a session, not a code challenge', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    await t.db
      .update(users)
      .set({ totpSecret: 'sealed-secret', totpEnabledAt: new Date() })
      .where(eq(users.userId, user.userId));
    const password = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: user.password,
    });
    expect(password.json().code).toBe(2);
    const res = await signIn(authenticator);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.token).toEqual(expect.any(String));
  });

  it('is throttled with password sign-in: failures from a source spend its budget (429)', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= LOGIN_RATE_LIMIT.perAccount; i++) {
      const { options, cookie } = await start(`${SIGN_IN}/options`, undefined, {});
      const res = await send(
        SIGN_IN,
        { response: authenticator.assert(options, { origin: 'https://evil.example' }) },
        cookie,
        undefined,
        '10.66.0.1',
      );
      statuses.push(res.statusCode);
      last = res;
    }
    expect(statuses).toEqual([...Array(LOGIN_RATE_LIMIT.perAccount).fill(401), 429]);
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
    // Another source is not held up.
    expect((await signIn(authenticator, undefined, '10.66.0.2')).statusCode).toBe(200);
  });

  it('a pending password change still applies after a passkey sign-in: the session reaches only the change', async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.userId, user.userId));
    const res = await signIn(authenticator);
    expect(res.statusCode).toBe(200);
    const { token, userInfo } = res.json().result;
    expect(userInfo.mustChangePassword).toBe(true);
    expect((await t.get(BASE, token)).statusCode).toBe(403);
  });
});

describe('signing in with a passkey on /oauth', () => {
  let client: string;
  let roleId: string;
  const REDIRECT = 'http://127.0.0.1:4000/cb';
  const INTERACTION = '/api/oauth2-server/interaction';

  beforeAll(async () => {
    const admin = await t.login();
    const appId = await createApplication(t.db, `pk-${randomUUID().slice(0, 8)}`, 'Shop');
    roleId = (await t.createRole()).roleId;
    await t.db
      .insert(rolePermissions)
      .values({ roleId, applicationId: appId, permissionId: 'orders', actions: ['retrieve'] });
    const res = await t.post(
      '/api/admin-service/v2/application/client',
      { clientName: 'Shop web', redirectUrl: REDIRECT, applicationId: appId },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    client = createdClientSchema.parse(res.json()).client;
  });

  /** Opens an authorization request as a browser: the interaction id and the cookies it was given. */
  async function interaction() {
    const url = new URL(`${origin}/oidc/auth`);
    url.search = new URLSearchParams({
      client_id: client,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: REDIRECT,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const uid = new URL(res.headers.get('location')!, origin).searchParams.get('uid')!;
    const cookies = res.headers.getSetCookie().map((line) => line.split(';')[0]!);
    return { uid, cookies };
  }

  async function loginWith(authenticator: SoftwareAuthenticator) {
    const { uid, cookies } = await interaction();
    const { options, cookie } = await start(`${SIGN_IN}/options`, undefined, {});
    return send(
      `${INTERACTION}/${uid}/login`,
      { passkey: authenticator.assert(options) },
      [...cookies, cookie].join('; '),
    );
  }

  it('signs in for the interaction, audited as a login by passkey for the client', async () => {
    const user = await newUser({ roleIds: [roleId] });
    const { authenticator } = await register(user.token);
    const res = await loginWith(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().redirectTo).toEqual(expect.stringContaining('/oidc/auth/'));
    expect(await auditFor(res)).toMatchObject([
      { action: 'login', entityId: user.userId, after: { method: 'passkey', clientId: client } },
    ]);
  });

  it('a username sent along with a passkey earns no device cookie for that account', async () => {
    const user = await newUser({ roleIds: [roleId] });
    const { authenticator } = await register(user.token);
    const victim = await newUser();
    const { uid, cookies } = await interaction();
    const { options, cookie } = await start(`${SIGN_IN}/options`, undefined, {});
    const res = await send(
      `${INTERACTION}/${uid}/login`,
      { username: victim.username, passkey: authenticator.assert(options) },
      [...cookies, cookie].join('; '),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.map((c) => c.name)).not.toContain('gatehouse_device');
    // The passkey's own account signed in, not the one named.
    expect(await auditFor(res)).toMatchObject([{ action: 'login', entityId: user.userId }]);
  });

  it("refuses a user without access to the client's application", async () => {
    const user = await newUser();
    const { authenticator } = await register(user.token);
    const res = await loginWith(authenticator);
    expect(res.statusCode).toBe(403);
  });

  it('refuses while the password must be replaced, as for a password', async () => {
    const user = await newUser({ roleIds: [roleId] });
    const { authenticator } = await register(user.token);
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.userId, user.userId));
    const res = await loginWith(authenticator);
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe(OIDC_MESSAGES.passwordChangeFirst.key);
  });

  it("refuses a disabled user, and an answer without the sign-in ceremony's cookie", async () => {
    const user = await newUser({ roleIds: [roleId] });
    const { authenticator } = await register(user.token);
    const { uid, cookies } = await interaction();
    const { options } = await start(`${SIGN_IN}/options`, undefined, {});
    const response = authenticator.assert(options);
    const without = await send(`${INTERACTION}/${uid}/login`, { passkey: response }, cookies.join('; '));
    expect(without.statusCode).toBe(401);
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.userId, user.userId));
    const second = await interaction();
    const fresh = await start(`${SIGN_IN}/options`, undefined, {});
    const disabled = await send(
      `${INTERACTION}/${second.uid}/login`,
      { passkey: authenticator.assert(fresh.options) },
      [...second.cookies, fresh.cookie].join('; '),
    );
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().key).toBe(MESSAGES.accountDisabled.key);
  });
});
