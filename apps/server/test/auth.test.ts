import {
  ERROR_CODES,
  HTTP_STATUS_MESSAGES,
  loginResultSchema,
  MESSAGES,
  userInfoSchema,
} from '@gatehouse/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { ADMIN_PASSWORD, build, byField, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});

const LOGIN = '/api/oauth2-server/login';

describe('POST /api/oauth2-server/login', () => {
  it('signs in and returns the token with the effective role', async () => {
    const res = await t.post(LOGIN, { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = loginResultSchema.parse(res.json());
    expect(body.code).toBe(0);
    expect(body.message).toBe(en(MESSAGES.loginSuccess));
    expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = body.result.userInfo;
    expect(info.username).toBe('admin');
    expect(info.mustChangePassword).toBe(false);
    expect(info.roles).toEqual(['Administrator']);
    const client = info.role.permissions.find((p) => p.permissionId === 'app-config.client');
    expect(client?.actionEntitySet).toEqual(['create', 'update', 'retrieve', 'delete']);
  });

  it('stores only the SHA-256 of the token, expiring in 7 days', async () => {
    const token = await t.login();
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    const all = await t.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.h === token)).toBe(false);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 604_800_000)).toBeLessThan(60_000);
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await t.post(LOGIN, { username: 'admin', password: 'not-the-password' });
    const unknown = await t.post(LOGIN, { username: 'nobody-here', password: 'whatever-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: ERROR_CODES.UNAUTHENTICATED,
      message: en(MESSAGES.invalidCredentials),
    });
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(unknown.json().code).toBe(wrong.json().code);
  });

  it('refuses a disabled user', async () => {
    const user = await t.createUser({ status: 'DISABLED' });
    const res = await t.post(LOGIN, { username: user.username, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().token).toBeUndefined();
  });

  it('answers 400 with per-field messages for a bad body', async () => {
    const res = await t.post(LOGIN, { username: '' });
    expect(res.statusCode).toBe(400);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      fields: { username: en(MESSAGES.required), password: en(MESSAGES.required) },
    });
    const wrongType = await t.post(LOGIN, { username: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(wrongType.json())).sort()).toEqual(['password', 'username']);
  });

  it('answers 400, never 500, for malformed JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, message: en(MESSAGES.malformedBody) });
    expect(res.body).not.toMatch(/at .*\.js|stack/i);
  });

  it('answers 400 for a JSON array or a string body', async () => {
    expect((await t.post(LOGIN, ['admin'])).statusCode).toBe(400);
    const text = await t.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'text/plain' },
      payload: 'admin',
    });
    expect(text.statusCode).toBe(400);
  });

  it('ignores unknown body fields', async () => {
    const res = await t.post(LOGIN, {
      username: 'admin',
      password: ADMIN_PASSWORD,
      isAdmin: true,
      role: 'x',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('body-less login: the signed-in user', () => {
  it('returns the user info without a body', async () => {
    const token = await t.login();
    const res = await t.post(LOGIN, undefined, token);
    expect(res.statusCode).toBe(200);
    const body = loginResultSchema.parse(res.json());
    expect(body.code).toBe(0);
    expect(body.result.token).toBeUndefined();
    expect(body.result.userInfo.username).toBe('admin');
  });

  it('treats {} and an empty JSON body as no body', async () => {
    const token = await t.login();
    const empty = await t.post(LOGIN, {}, token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().result.userInfo.username).toBe('admin');
    const blank = await t.inject({
      method: 'POST',
      url: LOGIN,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(blank.statusCode).toBe(200);
  });

  it('answers 401 without a valid token: not signed in without one, expired with one', async () => {
    const none = await t.post(LOGIN);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      code: ERROR_CODES.UNAUTHENTICATED,
      message: en(MESSAGES.notSignedIn),
    });
    const bogus = await t.post(LOGIN, undefined, 'A'.repeat(43));
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json()).toMatchObject({
      code: ERROR_CODES.UNAUTHENTICATED,
      message: en(HTTP_STATUS_MESSAGES[401]!),
    });
  });
});

describe('sessions', () => {
  it('GET user/current returns the user info', async () => {
    const token = await t.login();
    const res = await t.get('/api/admin-service/user/current', token);
    expect(res.statusCode).toBe(200);
    const info = userInfoSchema.parse(res.json());
    expect(info.username).toBe('admin');
    expect(info.role.name).toBe('Administrator');
  });

  // Issue 12: a request with no token used to be told that its token had expired.
  it('answers 401 "not signed in" without a token, and the catalogue message with a token or malformed header', async () => {
    const res = await t.get('/api/admin-service/user/current');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: ERROR_CODES.UNAUTHENTICATED,
      message: en(MESSAGES.notSignedIn),
    });
    const basic = await t.inject({
      method: 'GET',
      url: '/api/admin-service/user/current',
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().message).toBe(en(HTTP_STATUS_MESSAGES[401]!));
    const unknown = await t.get('/api/admin-service/user/current', 'B'.repeat(43));
    expect(unknown.json()).toMatchObject({
      code: ERROR_CODES.UNAUTHENTICATED,
      message: en(HTTP_STATUS_MESSAGES[401]!),
    });
  });

  it('logout ends the session on the server', async () => {
    const token = await t.login();
    const other = await t.login();
    const res = await t.post('/api/oauth2-server/logout', undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.get('/api/admin-service/user/current', token)).statusCode).toBe(401);
    expect((await t.post('/api/oauth2-server/logout', undefined, token)).statusCode).toBe(401);
    // Only that session: the user's other session still works.
    expect((await t.get('/api/admin-service/user/current', other)).statusCode).toBe(200);
  });

  it('an expired session answers 401', async () => {
    const token = await t.login();
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const res = await t.get('/api/admin-service/user/current', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(en(HTTP_STATUS_MESSAGES[401]!));
  });

  it("a disabled user's sessions stop working", async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    expect((await t.get('/api/admin-service/user/current', token)).statusCode).toBe(200);
    // Written straight to the database: the cached caller goes when the change's notice arrives.
    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.userId, user.userId));
    await expect
      .poll(async () => (await t.get('/api/admin-service/user/current', token)).statusCode, { interval: 5 })
      .toBe(401);
  });
});

describe('audit of sign-in and sign-out', () => {
  it('records login and logout with actor, ip and request id', async () => {
    const res = await t.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'x-request-id': 'req-login-audit-1' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.requestId, 'req-login-audit-1'));
    expect(row).toMatchObject({ action: 'login', entity: 'user', actorName: 'admin', ip: '10.1.2.3' });
    expect(row!.actorId).toBe(res.json().result.userInfo.userId);

    const token = res.json().result.token as string;
    await t.inject({
      method: 'POST',
      url: '/api/oauth2-server/logout',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-logout-audit-1' },
    });
    const [out] = await t.db.select().from(auditLog).where(eq(auditLog.requestId, 'req-logout-audit-1'));
    expect(out).toMatchObject({ action: 'logout', actorName: 'admin' });
  });

  it('records the session a sign-in opens and a sign-out ends, and what a password change did', async () => {
    const user = await t.createUser({ mustChangePassword: true });
    const first = await t.login(user.username, user.password);
    const second = await t.login(user.username, user.password);
    const logins = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId))).filter(
      (r) => r.action === 'login',
    );
    expect(logins).toHaveLength(2);
    const [opened] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(second)));
    expect(logins[1]).toMatchObject({ before: null, after: { sessionId: opened!.sessionId } });

    const changed = await t.post(
      '/api/oauth2-server/change-password',
      { oldPassword: user.password, newPassword: 'a-new-password-456' },
      first,
    );
    expect(changed.statusCode).toBe(200);
    await t.post('/api/oauth2-server/logout', undefined, first);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, user.userId))
      .orderBy(desc(auditLog.id))
      .limit(2);
    const [signOut, change] = rows;
    expect(change).toMatchObject({
      action: 'password.change',
      entity: 'user',
      before: { mustChangePassword: true },
      after: { mustChangePassword: false, endedSessions: 1 },
    });
    expect(signOut).toMatchObject({ action: 'logout', entity: 'user', after: null });
    expect(signOut!.before).toEqual({ sessionId: expect.any(String) });
  });

  it('records failed sign-ins without the typed username of an unknown account', async () => {
    await t.post(LOGIN, { username: 'typo-secret-maybe', password: 'wrong-password' });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'login.failed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain('typo-secret-maybe');
  });
});
