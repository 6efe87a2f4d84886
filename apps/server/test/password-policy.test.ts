import { ERROR_CODES, PASSWORD_MESSAGES, PASSWORD_POLICY } from '@gatehouse/contract';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordHistory, users } from '../src/db/schema/index.ts';
import { isCommonPassword } from '../src/modules/passwords/policy.ts';
import { build, en, fieldMessage, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let adminRoleId: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  adminRoleId = (await t.get('/api/admin-service/user/current', admin)).json().role.id;
});

const CHANGE = '/api/oauth2-server/change-password';
const V2 = '/api/admin-service/v2';

async function signedInUser(username?: string) {
  const user = await t.createUser({ username, password: 'starting-password-1', roleIds: [adminRoleId] });
  return { user, token: await t.login(user.username, user.password) };
}

describe('the password policy on the own change', () => {
  it('refuses each broken rule with its message on fields.newPassword', async () => {
    const { user, token } = await signedInUser('policy-owner');
    const cases: [string, string][] = [
      ['short-one', en(PASSWORD_MESSAGES.tooShort(PASSWORD_POLICY.minLength))],
      ['x'.repeat(PASSWORD_POLICY.maxLength + 1), en(PASSWORD_MESSAGES.tooLong)],
      // 12 characters, equal to the username without regard to case.
      ['POLICY-OWNER', en(PASSWORD_MESSAGES.isUsername)],
      ['my-policy-owner-secret', en(PASSWORD_MESSAGES.containsUsername)],
      ['Password1234', en(PASSWORD_MESSAGES.common)],
      ['1qaz2wsx3edc', en(PASSWORD_MESSAGES.common)],
    ];
    for (const [newPassword, message] of cases) {
      const res = await t.post(CHANGE, { oldPassword: user.password, newPassword }, token);
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.VALIDATION);
      expect(fieldMessage(res.json(), 'newPassword'), newPassword).toBe(message);
    }
    // Nothing changed: the old password still signs in.
    await t.login(user.username, user.password);
  });

  it('accepts exactly 12 and exactly 128 characters', async () => {
    const { user, token } = await signedInUser();
    const twelve = 'Zq7#kL2$vB9!';
    expect(twelve).toHaveLength(12);
    expect(
      (await t.post(CHANGE, { oldPassword: user.password, newPassword: twelve }, token)).statusCode,
    ).toBe(200);
    const long = 'k7Q!'.repeat(32);
    expect(long).toHaveLength(128);
    expect((await t.post(CHANGE, { oldPassword: twelve, newPassword: long }, token)).statusCode).toBe(200);
  });

  it('refuses any of the last 5 passwords and accepts the 6th oldest again', async () => {
    const { user, token } = await signedInUser();
    const passwords = [user.password, ...[1, 2, 3, 4, 5].map((n) => `history-round-${n}-xyz`)];
    for (let i = 1; i < passwords.length; i++) {
      const res = await t.post(CHANGE, { oldPassword: passwords[i - 1], newPassword: passwords[i] }, token);
      expect(res.statusCode, `round ${i}`).toBe(200);
    }
    const current = passwords.at(-1)!;
    // The last five are passwords[1..5]; each is refused (the current one by the old≠new rule too).
    for (const reused of passwords.slice(1, 5)) {
      const res = await t.post(CHANGE, { oldPassword: current, newPassword: reused }, token);
      expect(res.statusCode, reused).toBe(400);
      expect(fieldMessage(res.json(), 'newPassword')).toBe(
        en(PASSWORD_MESSAGES.reused(PASSWORD_POLICY.historyCount)),
      );
    }
    // The starting password is the sixth newest now: allowed again.
    const res = await t.post(CHANGE, { oldPassword: current, newPassword: passwords[0] }, token);
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(passwordHistory).where(eq(passwordHistory.userId, user.userId));
    expect(rows).toHaveLength(PASSWORD_POLICY.historyCount);
  });

  it('records password_changed_at and a history row on a change', async () => {
    const { user, token } = await signedInUser();
    await t.db
      .update(users)
      .set({ passwordChangedAt: new Date('2020-01-01') })
      .where(eq(users.userId, user.userId));
    const res = await t.post(
      CHANGE,
      { oldPassword: user.password, newPassword: 'recorded-change-pw' },
      token,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.userId, user.userId));
    expect(Date.now() - row!.passwordChangedAt.getTime()).toBeLessThan(60_000);
    const history = await t.db.select().from(passwordHistory).where(eq(passwordHistory.userId, user.userId));
    expect(history.map((h) => h.passwordHash)).toContain(row!.passwordHash);
  });

  it('knows the common passwords without regard to case', async () => {
    expect(await isCommonPassword('QWERTYUIOP123')).toBe(true);
    expect(await isCommonPassword('tidal-lantern-orbit')).toBe(false);
  });
});

describe('the policy on an administrator setting a password', () => {
  it('applies to a created user with a given password (fields.password)', async () => {
    const base = { name: 'P', email: 'p@example.com', mustChangePassword: false };
    const common = await t.post(
      `${V2}/user`,
      { ...base, username: 'created-a', password: 'password1234' },
      admin,
    );
    expect(common.statusCode).toBe(400);
    expect(fieldMessage(common.json(), 'password')).toBe(en(PASSWORD_MESSAGES.common));
    const named = await t.post(
      `${V2}/user`,
      { ...base, username: 'created-b', password: 'xx-created-b-xx' },
      admin,
    );
    expect(fieldMessage(named.json(), 'password')).toBe(en(PASSWORD_MESSAGES.containsUsername));
    const ok = await t.post(
      `${V2}/user`,
      { ...base, username: 'created-c', password: 'fine-created-pw' },
      admin,
    );
    expect(ok.statusCode).toBe(201);
    const history = await t.db
      .select()
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, ok.json().userId));
    expect(history).toHaveLength(1);
  });

  it("applies to an administrator's reset, history included, and a generated one passes", async () => {
    const user = await t.createUser({ password: 'reset-target-pw1' });
    const url = `${V2}/user/${user.userId}/password`;
    const same = await t.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${admin}` },
      payload: { password: 'reset-target-pw1' },
    });
    expect(same.statusCode).toBe(400);
    expect(fieldMessage(same.json(), 'password')).toBe(
      en(PASSWORD_MESSAGES.reused(PASSWORD_POLICY.historyCount)),
    );
    const common = await t.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${admin}` },
      payload: { password: 'qwertyuiop123' },
    });
    expect(fieldMessage(common.json(), 'password')).toBe(en(PASSWORD_MESSAGES.common));
    const generated = await t.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${admin}` },
      payload: {},
    });
    expect(generated.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.userId, user.userId));
    expect(row!.mustChangePassword).toBe(true);
  });
});

describe('an overdue password', () => {
  it('gates the user like a pending change, says so in userInfo, and a change lifts it', async () => {
    const { user, token } = await signedInUser();
    expect((await t.get('/api/admin/menus', token)).statusCode).toBe(200);
    const old = new Date(Date.now() - 91 * 86_400_000);
    await t.db.update(users).set({ passwordChangedAt: old }).where(eq(users.userId, user.userId));

    // Written straight to the database: the cached caller goes when the change's notice arrives.
    await expect
      .poll(async () => (await t.get('/api/admin/menus', token)).statusCode, { interval: 5 })
      .toBe(403);
    const menus = await t.get('/api/admin/menus', token);
    expect(menus.statusCode).toBe(403);
    expect(menus.json().code).toBe(ERROR_CODES.PASSWORD_EXPIRED);
    const info = await t.get('/api/admin-service/user/current', token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ passwordExpired: true, mustChangePassword: false });
    const login = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: user.password,
    });
    expect(login.json().result.userInfo.passwordExpired).toBe(true);

    const res = await t.post(CHANGE, { oldPassword: user.password, newPassword: 'fresh-overdue-pw' }, token);
    expect(res.statusCode).toBe(200);
    expect((await t.get('/api/admin/menus', token)).statusCode).toBe(200);
    expect((await t.get('/api/admin-service/user/current', token)).json().passwordExpired).toBe(false);
  });

  it('follows the console setting: 0 turns the maximum age off, 1 day makes 2 days old overdue', async () => {
    const { user, token } = await signedInUser();
    await t.db
      .update(users)
      .set({ passwordChangedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(users.userId, user.userId));
    const put = (days: number) =>
      t.inject({
        method: 'PUT',
        url: '/api/admin-service/settings',
        headers: { authorization: `Bearer ${admin}` },
        payload: { passwordMaxAgeDays: days },
      });
    expect((await put(1)).statusCode).toBe(200);
    expect((await t.get('/api/admin/menus', token)).statusCode).toBe(403);
    expect((await put(0)).statusCode).toBe(200);
    expect((await t.get('/api/admin/menus', token)).statusCode).toBe(200);
    expect((await put(90)).statusCode).toBe(200);
  });

  it('an administrator can expire a password (audited); the user is then overdue', async () => {
    const { user, token } = await signedInUser();
    const res = await t.post(`${V2}/user/${user.userId}/password/expire`, undefined, admin);
    expect(res.statusCode).toBe(200);
    expect((await t.get('/api/admin/menus', token)).json().code).toBe(ERROR_CODES.PASSWORD_EXPIRED);
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, user.userId))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(record?.action).toBe('password.expire');
    expect(
      (await t.post(`${V2}/user/${crypto.randomUUID()}/password/expire`, undefined, admin)).statusCode,
    ).toBe(404);
  });
});
