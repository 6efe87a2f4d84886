import { SECOND_FACTOR_ATTEMPTS_PER_CHALLENGE, SECOND_FACTOR_REQUIRED } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, recoveryCodes, users } from '../src/db/schema/index.ts';
import { build, fieldMessage, type TestContext } from './helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterEach(() => {
  vi.useRealTimers();
});

const BASE = '/api/oauth2-server/two-factor';
const LOGIN = '/api/oauth2-server/login';
const SECOND = '/api/oauth2-server/login/second-factor';
const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at `at` (ms). */
const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** Moves the clock the service reads (only Date is faked, so the database keeps running). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

/** A user with 2FA on: the secret and the recovery codes. The clock stays one step after the confirmation. */
async function enrolledUser(remoteAddress = '10.0.0.1') {
  const user = await t.createUser();
  const token = await t.login(user.username, user.password);
  const start = await t.post(`${BASE}/enrolment`, undefined, token);
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json() as { secret: string };
  const now = Date.now();
  clockAt(now);
  const confirm = await t.post(`${BASE}/enrolment/confirm`, { code: codeAt(secret, now) }, token);
  expect(confirm.statusCode, confirm.body).toBe(200);
  clockAt(now + STEP_MS);
  return {
    user,
    token,
    secret,
    recoveryCodes: confirm.json().recoveryCodes as string[],
    now: now + STEP_MS,
    remoteAddress,
  };
}

async function challengeFor(username: string, password: string, remoteAddress = '10.0.0.1') {
  const res = await t.post(LOGIN, { username, password }, undefined, { remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.code).toBe(SECOND_FACTOR_REQUIRED);
  expect(body.result.token).toBeUndefined();
  return body.result.challenge as string;
}

describe('enrolment', () => {
  it('answers a secret, its otpauth URI and a QR code; pending until a code confirms it', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    expect((await t.get(BASE, token)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const start = await t.post(`${BASE}/enrolment`, undefined, token);
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Gatehouse:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    // Pending: the password alone still signs in.
    const pending = await t.post(LOGIN, { username: user.username, password: user.password });
    expect(pending.json().code).toBe(0);
    expect((await t.get(BASE, token)).json().enabled).toBe(false);

    const wrong = await t.post(`${BASE}/enrolment/confirm`, { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(fieldMessage(wrong.json(), 'code')).toBeDefined();

    const confirm = await t.post(`${BASE}/enrolment/confirm`, { code: codeAt(secret) }, token);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = confirm.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = (await t.get(BASE, token)).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.enabledAt).not.toBeNull();

    // A second enrolment is refused while 2FA is on.
    expect((await t.post(`${BASE}/enrolment`, undefined, token)).statusCode).toBe(409);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, user.userId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['two-factor.enrol', 'two-factor.enable']),
    );
  });

  it('keeps the secret sealed at rest and the recovery codes hashed', async () => {
    const { user, secret, recoveryCodes: codes } = await enrolledUser();
    const [row] = await t.db.select().from(users).where(eq(users.userId, user.userId));
    expect(row!.totpSecret).not.toBeNull();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(row!.totpSecret).not.toContain(Buffer.from(secret).toString('base64'));
    const hashes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
    expect(hashes).toHaveLength(10);
    const dump = JSON.stringify(hashes);
    for (const code of codes) expect(dump).not.toContain(code.replace('-', ''));
    const audit = JSON.stringify(
      await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId)),
    );
    expect(audit).not.toContain(secret);
  });
});

describe('sign-in in two steps', () => {
  it('answers a challenge, not a session, after the password; the code then gives the session', async () => {
    const { user, secret, now } = await enrolledUser();
    const challenge = await challengeFor(user.username, user.password);
    const res = await t.post(SECOND, { challenge, code: codeAt(secret, now) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.result.userInfo.username).toBe(user.username);
    const me = await t.get('/api/admin-service/user/current', body.result.token);
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong code, a forged or expired challenge, and the same challenge twice', async () => {
    const { user, secret, now } = await enrolledUser();
    const challenge = await challengeFor(user.username, user.password);
    const right = codeAt(secret, now);
    const wrong = await t.post(SECOND, {
      challenge,
      code: String((Number(right) + 1) % 1e6).padStart(6, '0'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/code is not valid/);

    const [body, mac] = challenge.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), expiresAt: now + 3_600_000 })).toString('base64url')}.${mac}`;
    expect((await t.post(SECOND, { challenge: forged, code: codeAt(secret, now) })).statusCode).toBe(401);

    const ok = await t.post(SECOND, { challenge, code: codeAt(secret, now) });
    expect(ok.statusCode, ok.body).toBe(200);
    clockAt(now + STEP_MS);
    const again = await t.post(SECOND, { challenge, code: codeAt(secret, now + STEP_MS) });
    expect(again.statusCode).toBe(401);

    const late = await challengeFor(user.username, user.password);
    clockAt(now + 6 * 60_000);
    const expired = await t.post(SECOND, { challenge: late, code: codeAt(secret, now + 6 * 60_000) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('refuses a TOTP code used before (replay), even with a new challenge', async () => {
    const { user, secret, now } = await enrolledUser();
    const code = codeAt(secret, now);
    const first = await t.post(SECOND, { challenge: await challengeFor(user.username, user.password), code });
    expect(first.statusCode).toBe(200);
    const replay = await t.post(SECOND, {
      challenge: await challengeFor(user.username, user.password),
      code,
    });
    expect(replay.statusCode).toBe(401);
    // The code of an earlier step, still inside the window, is refused too.
    const earlier = await t.post(SECOND, {
      challenge: await challengeFor(user.username, user.password),
      code: codeAt(secret, now - STEP_MS),
    });
    expect(earlier.statusCode).toBe(401);
  });

  it('takes a recovery code once', async () => {
    const { user, recoveryCodes: codes, token } = await enrolledUser();
    const first = await t.post(SECOND, {
      challenge: await challengeFor(user.username, user.password),
      code: codes[0]!.toUpperCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.post(SECOND, {
      challenge: await challengeFor(user.username, user.password),
      code: codes[0],
    });
    expect(again.statusCode).toBe(401);
    expect((await t.get(BASE, token)).json().recoveryCodesLeft).toBe(9);
  });

  it('limits wrong codes per challenge, then per account whatever the challenge (429)', async () => {
    const { user, secret, now } = await enrolledUser();
    const challenge = await challengeFor(user.username, user.password, '10.0.1.1');
    for (let i = 0; i < SECOND_FACTOR_ATTEMPTS_PER_CHALLENGE; i++) {
      const res = await t.post(SECOND, { challenge, code: `00000${i}` }, undefined, {
        remoteAddress: '10.0.1.1',
      });
      expect(res.statusCode).toBe(401);
    }
    // Spent: even the right code is refused on this challenge.
    const spent = await t.post(SECOND, { challenge, code: codeAt(secret, now) }, undefined, {
      remoteAddress: '10.0.1.1',
    });
    expect(spent.statusCode).toBe(429);
    expect(spent.headers['retry-after']).toBeDefined();

    // A right password does not refill the account's budget.
    const next = await challengeFor(user.username, user.password, '10.0.1.2');
    for (let i = 0; i < 5; i++)
      expect((await t.post(SECOND, { challenge: next, code: `11111${i}` })).statusCode).toBe(401);
    const locked = await t.post(SECOND, {
      challenge: await challengeFor(user.username, user.password, '10.0.1.3'),
      code: codeAt(secret, now),
    });
    expect(locked.statusCode).toBe(429);
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    expect(failures.filter((f) => f.action === 'login.failed')).toHaveLength(10);
  });
});

describe('turning it off', () => {
  it('needs a current code or the password, and is audited', async () => {
    const { user, token, secret, now } = await enrolledUser();
    expect((await t.post(`${BASE}/disable`, {}, token)).statusCode).toBe(400);
    const wrong = await t.post(`${BASE}/disable`, { password: 'not-the-password' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(fieldMessage(wrong.json(), 'password')).toBeDefined();

    const codes = await t.post(`${BASE}/recovery-codes`, { code: codeAt(secret, now) }, token);
    expect(codes.statusCode, codes.body).toBe(200);
    expect(codes.json().recoveryCodes).toHaveLength(10);

    const off = await t.post(`${BASE}/disable`, { password: user.password }, token);
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.get(BASE, token)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await t.post(LOGIN, { username: user.username, password: user.password })).json().code).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.userId, user.userId));
    expect(row!.totpSecret).toBeNull();
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, user.userId));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['two-factor.recovery-codes', 'two-factor.disable']),
    );
  });

  it('an administrator resets a user’s second factor (audited, ending their sessions); a user without the grant cannot', async () => {
    const { user, token: userToken } = await enrolledUser();
    const nobody = await t.createUser();
    const nobodyToken = await t.login(nobody.username, nobody.password);
    const url = `/api/admin-service/v2/user/${user.userId}/two-factor`;
    expect(
      (await t.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${nobodyToken}` } }))
        .statusCode,
    ).toBe(403);

    const admin = await t.login();
    const res = await t.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode, res.body).toBe(204);
    // The session held before the reset (perhaps on the lost phone) serves nothing more.
    expect((await t.get(BASE, userToken)).statusCode).toBe(401);
    expect((await t.post(LOGIN, { username: user.username, password: user.password })).json().code).toBe(0);
    const [record] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'two-factor.reset'));
    expect(record).toMatchObject({
      entityId: user.userId,
      actorName: 'admin',
      after: { enabled: false, endedSessions: 1 },
    });
    const notFound = await t.inject({
      method: 'DELETE',
      url: '/api/admin-service/v2/user/00000000-0000-0000-0000-000000000000/two-factor',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(notFound.statusCode).toBe(404);
  });
});
