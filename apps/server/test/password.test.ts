import { ERROR_CODES, MESSAGES } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index.ts';
import { hashIsOutdated, hashParameters, verifyPassword } from '../src/modules/passwords/hashing.ts';
import { auditOf, storeEarlierHash } from './fixtures.ts';
import { build, byField, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
let adminRoleId: string;
beforeAll(async () => {
  t = await build();
  const info = (await t.get('/api/admin-service/user/current', await t.login())).json();
  adminRoleId = info.role.id;
});

const CHANGE = '/api/oauth2-server/change-password';
const NEW_PASSWORD = 'a-brand-new-password';

describe('first sign-in with a generated password', () => {
  it('gates every other route with 403 PASSWORD_CHANGE_REQUIRED until the password changes', async () => {
    const user = await t.createUser({ mustChangePassword: true, roleIds: [adminRoleId] });
    const token = await t.login(user.username, user.password);
    const otherToken = await t.login(user.username, user.password);

    const menus = await t.get('/api/oauth2-server/authorization/menus', token);
    expect(menus.statusCode).toBe(403);
    expect(menus.json()).toMatchObject({
      code: ERROR_CODES.PASSWORD_CHANGE_REQUIRED,
      message: en(MESSAGES.passwordChangeRequired),
    });
    expect((await t.get('/api/admin/menus', token)).statusCode).toBe(403);
    expect((await t.post('/api/oauth2-server/unlock', { password: user.password }, token)).statusCode).toBe(
      403,
    );

    // Still reachable: who am I, the body-less login, and the change itself.
    const current = await t.get('/api/admin-service/user/current', token);
    expect(current.statusCode).toBe(200);
    expect(current.json().mustChangePassword).toBe(true);
    expect((await t.post('/api/oauth2-server/login', undefined, token)).statusCode).toBe(200);

    const changed = await t.post(CHANGE, { oldPassword: user.password, newPassword: NEW_PASSWORD }, token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true });

    // The changing session carries on, now ungated; the other session has ended.
    expect((await t.get('/api/oauth2-server/authorization/menus', token)).statusCode).toBe(200);
    expect((await t.get('/api/admin-service/user/current', token)).json().mustChangePassword).toBe(false);
    expect((await t.get('/api/admin-service/user/current', otherToken)).statusCode).toBe(401);

    // The new password signs in, the old one no longer does.
    expect(
      (await t.post('/api/oauth2-server/login', { username: user.username, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.post('/api/oauth2-server/login', { username: user.username, password: user.password }))
        .statusCode,
    ).toBe(401);

    const [row] = await t.db.select().from(users).where(eq(users.userId, user.userId));
    expect(await verifyPassword(row!.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(row!.passwordHash.startsWith('$argon2id$v=19$m=7168,t=5,p=1$')).toBe(true);
  });

  it('logout stays reachable while the change is pending', async () => {
    const user = await t.createUser({ mustChangePassword: true });
    const token = await t.login(user.username, user.password);
    expect((await t.post('/api/oauth2-server/logout', undefined, token)).statusCode).toBe(200);
  });
});

describe('POST /api/oauth2-server/change-password', () => {
  it('answers 400 on oldPassword (not 401) when the current password is wrong', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const res = await t.post(CHANGE, { oldPassword: 'not-my-password', newPassword: NEW_PASSWORD }, token);
    expect(res.statusCode).toBe(400);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      fields: { oldPassword: en(MESSAGES.currentPasswordWrong) },
    });
    expect((await t.get('/api/admin-service/user/current', token)).statusCode).toBe(200);
  });

  it('checks the new password: at least 12 characters and not the old one', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const short = await t.post(CHANGE, { oldPassword: user.password, newPassword: 'short' }, token);
    expect(short.statusCode).toBe(400);
    expect(fieldMessages(short.json())).toEqual({ newPassword: en(MESSAGES.passwordTooShort) });
    const same = await t.post(CHANGE, { oldPassword: user.password, newPassword: user.password }, token);
    expect(same.statusCode).toBe(400);
    expect(fieldMessages(same.json())).toEqual({ newPassword: en(MESSAGES.passwordSameAsOld) });
    const missing = await t.post(CHANGE, {}, token);
    expect(missing.statusCode).toBe(400);
    expect(fieldMessages(missing.json())).toMatchObject({
      oldPassword: en(MESSAGES.required),
      newPassword: en(MESSAGES.required),
    });
    const none = await t.post(CHANGE, undefined, token);
    expect(none.statusCode).toBe(400);
    expect(fieldMessages(none.json())).toEqual({ body: en(MESSAGES.required) });
  });

  it('answers 401 without a session, before looking at the body', async () => {
    const res = await t.post(CHANGE, {});
    expect(res.statusCode).toBe(401);
  });

  it('writes an audit record without any password material', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    await t.post(CHANGE, { oldPassword: user.password, newPassword: NEW_PASSWORD }, token);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    const change = rows.find((r) => r.action === 'password.change');
    expect(change).toMatchObject({ actorId: user.userId, actorName: user.username });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(NEW_PASSWORD);
    expect(text).not.toContain(user.password);
    expect(text).not.toContain('$argon2');
  });
});

describe('POST /api/oauth2-server/unlock', () => {
  it("accepts the user's password and refuses another with a field message", async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const ok = await t.post('/api/oauth2-server/unlock', { password: user.password }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    const wrong = await t.post('/api/oauth2-server/unlock', { password: 'not-the-password' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(fieldMessages(wrong.json())).toEqual({ password: en(MESSAGES.currentPasswordWrong) });
    const empty = await t.post('/api/oauth2-server/unlock', { password: '' }, token);
    expect(empty.statusCode).toBe(400);
    expect(fieldMessages(empty.json())).toEqual({ password: en(MESSAGES.required) });
    // A wrong unlock does not end the session.
    expect((await t.get('/api/admin-service/user/current', token)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.post('/api/oauth2-server/unlock', { password: 'x' })).statusCode).toBe(401);
  });
});

describe("a hash made at an earlier version's parameters", () => {
  const userRow = async (userId: string) => {
    const [row] = await t.db.select().from(users).where(eq(users.userId, userId));
    return row!;
  };

  it('is replaced at the next sign-in by one at the current parameters, audited, the password kept', async () => {
    const user = await t.createUser();
    const earlier = await storeEarlierHash(t.db, user.userId, user.password);
    const before = await userRow(user.userId);

    expect(await t.login(user.username, user.password)).toBeTruthy();
    const after = await userRow(user.userId);
    expect(after.passwordHash).not.toBe(earlier);
    expect(hashIsOutdated(after.passwordHash)).toBe(false);
    expect(after.passwordChangedAt).toEqual(before.passwordChangedAt);
    expect(await verifyPassword(after.passwordHash, user.password)).toBe(true);

    const rehashes = (await auditOf(t.db, 'user', user.userId)).filter(
      (row) => row.action === 'password.rehash',
    );
    expect(rehashes).toHaveLength(1);
    expect(rehashes[0]).toMatchObject({
      actorId: user.userId,
      before: { parameters: 'm=19456,t=2,p=1' },
      after: { parameters: hashParameters(after.passwordHash) },
    });
    expect(JSON.stringify(rehashes[0])).not.toContain(after.passwordHash);

    // Once current, the hash stays as it is.
    expect(await t.login(user.username, user.password)).toBeTruthy();
    const again = await userRow(user.userId);
    expect(again.passwordHash).toBe(after.passwordHash);
  });

  it('is not replaced by a wrong password', async () => {
    const user = await t.createUser();
    const earlier = await storeEarlierHash(t.db, user.userId, user.password);
    const res = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: 'not-the-password-1',
    });
    expect(res.statusCode).toBe(401);
    expect((await userRow(user.userId)).passwordHash).toBe(earlier);
  });
});
