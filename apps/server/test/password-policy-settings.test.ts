import { randomBytes } from 'node:crypto';
import {
  DEFAULT_CONSOLE_SETTINGS,
  MAX_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_POLICY,
} from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordHistory, passwordResetTokens } from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { auditOf, put } from './fixtures.ts';
import { build, en, fieldMessage, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let adminRoleId: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  adminRoleId = (await t.get('/api/admin-service/user/current', admin)).json().role.id;
});
afterEach(async () => {
  const res = await put(t, SETTINGS, DEFAULT_CONSOLE_SETTINGS, admin);
  expect(res.statusCode, res.body).toBe(200);
});

const SETTINGS = '/api/admin-service/settings';
const POLICY = '/api/oauth2-server/password-policy';
const CHANGE = '/api/oauth2-server/change-password';
const RESET_BY_LINK = '/api/oauth2-server/reset-password';
const USERS = '/api/admin-service/v2/user';

async function setPolicy(values: Record<string, unknown>) {
  const res = await put(t, SETTINGS, values, admin);
  expect(res.statusCode, res.body).toBe(200);
}

async function signedInUser(password = 'starting-password-1') {
  const user = await t.createUser({ password, roleIds: [adminRoleId] });
  return { user, token: await t.login(user.username, user.password) };
}

/** A reset link's token for the user, as /forget would have mailed it. */
async function resetLink(userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await t.db
    .insert(passwordResetTokens)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 10 * 60_000) });
  return token;
}

const adminReset = (userId: string, password: string) =>
  put(t, `${USERS}/${userId}/password`, { password }, admin);

async function historyOf(userId: string) {
  return t.db.select().from(passwordHistory).where(eq(passwordHistory.userId, userId));
}

describe('the password policy as a setting', () => {
  it('is public to read, with the defaults until changed, and its change is audited', async () => {
    const res = await t.get(POLICY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      minLength: 12,
      maxLength: MAX_PASSWORD_LENGTH,
      historyCount: 5,
      commonCheck: true,
      maxAgeDays: 90,
    });
    expect(res.json()).toEqual(PASSWORD_POLICY);

    await setPolicy({ passwordMinLength: 16, passwordHistoryCount: 3, passwordCommonCheck: false });
    expect((await t.get(POLICY)).json()).toMatchObject({
      minLength: 16,
      historyCount: 3,
      commonCheck: false,
    });
    const [record] = await auditOf(t.db, 'console-settings');
    expect(record?.before).toMatchObject({
      passwordMinLength: 12,
      passwordHistoryCount: 5,
      passwordCommonCheck: true,
    });
    expect(record?.after).toMatchObject({
      passwordMinLength: 16,
      passwordHistoryCount: 3,
      passwordCommonCheck: false,
    });
  });

  it('refuses values out of range with field messages, and changes nothing', async () => {
    for (const body of [
      { passwordMinLength: 7 },
      { passwordMinLength: 65 },
      { passwordMinLength: 12.5 },
      { passwordHistoryCount: -1 },
      { passwordHistoryCount: 25 },
      { passwordCommonCheck: 'yes' },
    ]) {
      const res = await put(t, SETTINGS, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const [field] = Object.keys(body);
      expect(fieldMessage(res.json(), field!), JSON.stringify(body)).toBeTruthy();
    }
    expect(
      fieldMessage((await put(t, SETTINGS, { passwordMinLength: 7 }, admin)).json(), 'passwordMinLength'),
    ).toMatch(/8 to 64/);
    expect((await t.get(SETTINGS, admin)).json()).toEqual(DEFAULT_CONSOLE_SETTINGS);
  });

  it('minimum length: applies on the own change, an administrator create and reset, and a reset link', async () => {
    await setPolicy({ passwordMinLength: 16 });
    const fifteen = 'Zq7#kL2$vB9!mn4';
    expect(fifteen).toHaveLength(15);
    const tooShort = en(PASSWORD_MESSAGES.tooShort(16));
    expect(tooShort).toContain('16');

    const { user, token } = await signedInUser();
    const own = await t.post(CHANGE, { oldPassword: user.password, newPassword: fifteen }, token);
    expect(own.statusCode).toBe(400);
    expect(fieldMessage(own.json(), 'newPassword')).toBe(tooShort);

    const created = await t.post(
      USERS,
      { username: 'short-pw-user', name: 'Short', email: 'short@example.test', password: fifteen },
      admin,
    );
    expect(created.statusCode).toBe(400);
    expect(fieldMessage(created.json(), 'password')).toBe(tooShort);

    const reset = await adminReset(user.userId, fifteen);
    expect(reset.statusCode).toBe(400);
    expect(fieldMessage(reset.json(), 'password')).toBe(tooShort);

    const byLink = await t.post(RESET_BY_LINK, { token: await resetLink(user.userId), newPassword: fifteen });
    expect(byLink.statusCode).toBe(400);
    expect(fieldMessage(byLink.json(), 'newPassword')).toBe(tooShort);

    // Sixteen passes; and once the minimum is lowered, nine characters do.
    const sixteen = `${fifteen}x`;
    expect(
      (await t.post(CHANGE, { oldPassword: user.password, newPassword: sixteen }, token)).statusCode,
    ).toBe(200);
    await setPolicy({ passwordMinLength: 8 });
    const nine = 'Vb7#qL2$w';
    expect((await t.post(CHANGE, { oldPassword: sixteen, newPassword: nine }, token)).statusCode).toBe(200);
    const seven = await t.post(CHANGE, { oldPassword: nine, newPassword: 'Vb7#qL2' }, token);
    expect(seven.statusCode).toBe(400);
    expect(fieldMessage(seven.json(), 'newPassword')).toBe(en(PASSWORD_MESSAGES.tooShort(8)));
  });

  it('common-password check: on by default, and off when the setting says so', async () => {
    const { user, token } = await signedInUser();
    const common = await t.post(CHANGE, { oldPassword: user.password, newPassword: 'Password1234' }, token);
    expect(fieldMessage(common.json(), 'newPassword')).toBe(en(PASSWORD_MESSAGES.common));
    const other = await t.createUser();
    expect(fieldMessage((await adminReset(other.userId, 'qwertyuiop123')).json(), 'password')).toBe(
      en(PASSWORD_MESSAGES.common),
    );

    await setPolicy({ passwordCommonCheck: false });
    expect(
      (await t.post(CHANGE, { oldPassword: user.password, newPassword: 'Password1234' }, token)).statusCode,
    ).toBe(200);
    expect((await adminReset(other.userId, 'qwertyuiop123')).statusCode).toBe(200);
  });

  it('history: refuses the last N on every path, keeps no more than N hashes, and 0 turns it off', async () => {
    await setPolicy({ passwordHistoryCount: 2 });
    const { user, token } = await signedInUser('history-start-pw');
    const passwords = ['history-start-pw', 'history-second-pw', 'history-third-pw'];
    for (let i = 1; i < passwords.length; i++) {
      const res = await t.post(CHANGE, { oldPassword: passwords[i - 1], newPassword: passwords[i] }, token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await historyOf(user.userId)).length).toBeLessThanOrEqual(2);
    }
    expect(await historyOf(user.userId)).toHaveLength(2);
    const reused = en(PASSWORD_MESSAGES.reused(2));
    expect(reused).toContain('2');

    // The second password is among the last two: refused by an administrator's reset and a link.
    const reset = await adminReset(user.userId, 'history-second-pw');
    expect(reset.statusCode).toBe(400);
    expect(fieldMessage(reset.json(), 'password')).toBe(reused);
    const byLink = await t.post(RESET_BY_LINK, {
      token: await resetLink(user.userId),
      newPassword: 'history-second-pw',
    });
    expect(byLink.statusCode).toBe(400);
    expect(fieldMessage(byLink.json(), 'newPassword')).toBe(reused);
    const own = await t.post(
      CHANGE,
      { oldPassword: 'history-third-pw', newPassword: 'history-second-pw' },
      token,
    );
    expect(fieldMessage(own.json(), 'newPassword')).toBe(reused);
    // The first is third newest: allowed again, and the history still holds two.
    const back = await t.post(
      CHANGE,
      { oldPassword: 'history-third-pw', newPassword: 'history-start-pw' },
      token,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(await historyOf(user.userId)).toHaveLength(2);

    // A larger N keeps more from the next change on; a smaller one trims at the next.
    await setPolicy({ passwordHistoryCount: 4 });
    expect((await adminReset(user.userId, 'history-fourth-pw')).statusCode).toBe(200);
    expect(await historyOf(user.userId)).toHaveLength(3);
    await setPolicy({ passwordHistoryCount: 1 });
    expect((await adminReset(user.userId, 'history-fifth-pw')).statusCode).toBe(200);
    expect(await historyOf(user.userId)).toHaveLength(1);

    // Off: the current password may come back (by a link), and no hash is kept.
    await setPolicy({ passwordHistoryCount: 0 });
    const same = await t.post(RESET_BY_LINK, {
      token: await resetLink(user.userId),
      newPassword: 'history-fifth-pw',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await historyOf(user.userId)).toHaveLength(0);
  });

  it('never lets a stored hash leave the server', async () => {
    const { user, token } = await signedInUser('leak-start-pw-1');
    await t.post(CHANGE, { oldPassword: 'leak-start-pw-1', newPassword: 'leak-second-pw-2' }, token);
    await adminReset(user.userId, 'leak-third-pw-33');
    const hashes = (await historyOf(user.userId)).map((row) => row.passwordHash);
    expect(hashes.length).toBeGreaterThan(0);
    const bodies = await Promise.all([
      t.get(POLICY),
      t.get(SETTINGS, admin),
      t.get(`${USERS}/${user.userId}`, admin),
      t.get(`${USERS}?username=${user.username}`, admin),
      t.get(`/api/admin-service/v2/audit?entityId=${user.userId}`, admin),
      t.get('/api/admin-service/v2/audit', admin),
    ]);
    for (const res of bodies) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('$argon2');
      for (const hash of hashes) expect(res.body).not.toContain(hash);
    }
  });
});
