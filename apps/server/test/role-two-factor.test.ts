import {
  DEFAULT_CONSOLE_SETTINGS,
  ERROR_CODES,
  roleSchema,
  SECOND_FACTOR_REQUIRED,
  TWO_FACTOR_MESSAGES,
} from '@gatehouse/contract';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupMembers, groupRoles, groups } from '../src/db/schema/index.ts';
import { auditOf, put } from './fixtures.ts';
import { build, en, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
});
afterEach(() => {
  vi.useRealTimers();
});

const ROLE = '/api/admin-service/v2/role';
const LOGIN = '/api/oauth2-server/login';
const CURRENT = '/api/admin-service/user/current';
const TWO_FACTOR = '/api/oauth2-server/two-factor';
/** A route every signed-in user may read once nothing is pending. */
const SETTINGS = '/api/admin-service/settings';

const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** A role made through the API, with `requireTwoFactor` as given. */
async function roleRequiring(requireTwoFactor: boolean) {
  const code = `r2fa-${Math.random().toString(36).slice(2, 8)}`;
  const res = await t.post(ROLE, { name: code, code, requireTwoFactor }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return roleSchema.parse(res.json());
}

/** A group holding `roleId`, with `userId` as a member. */
async function groupWith(roleId: string, userId: string, status: 'ENABLED' | 'DISABLED' = 'ENABLED') {
  const code = `g2fa-${Math.random().toString(36).slice(2, 8)}`;
  const [group] = await t.db.insert(groups).values({ name: code, code, status }).returning();
  await t.db.insert(groupRoles).values({ groupId: group!.groupId, roleId });
  await t.db.insert(groupMembers).values({ groupId: group!.groupId, userId });
  return group!;
}

async function signIn(username: string, password: string) {
  const res = await t.post(LOGIN, { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as {
    token?: string;
    challenge?: string;
    userInfo?: { twoFactorEnrolmentRequired: boolean };
  };
}

/** Sets two-factor sign-in up for the session's user; answers the secret. */
async function enrol(token: string): Promise<string> {
  const start = await t.post(`${TWO_FACTOR}/enrolment`, undefined, token);
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json() as { secret: string };
  const confirm = await t.post(`${TWO_FACTOR}/enrolment/confirm`, { code: codeAt(secret) }, token);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return secret;
}

describe('the role setting', () => {
  it('is false unless set, kept by a change that does not name it, and audited when changed', async () => {
    const plain = await roleRequiring(false);
    expect(plain.requireTwoFactor).toBe(false);
    const created = await t.post(ROLE, { name: 'No flag', code: 'no-flag-role' }, admin);
    expect(created.json().requireTwoFactor).toBe(false);

    const strict = await roleRequiring(true);
    expect(strict.requireTwoFactor).toBe(true);
    // A legacy client that does not know the field leaves it as it was.
    const renamed = await put(t, ROLE, { roleId: strict.roleId, name: 'Renamed', code: strict.code }, admin);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().requireTwoFactor).toBe(true);
    const off = await put(
      t,
      ROLE,
      { roleId: strict.roleId, name: 'Renamed', code: strict.code, requireTwoFactor: false },
      admin,
    );
    expect(off.json().requireTwoFactor).toBe(false);
    const records = await auditOf(t.db, 'role', strict.roleId);
    const change = records.find(
      (r) =>
        (r.before as { requireTwoFactor?: boolean } | null)?.requireTwoFactor === true &&
        (r.after as { requireTwoFactor?: boolean } | null)?.requireTwoFactor === false,
    );
    expect(change?.action).toBe('update');

    // The list shows it, so an administrator sees which roles require it.
    const list = await t.get(`${ROLE}?code=${strict.code}`, admin);
    expect(list.json().content[0].requireTwoFactor).toBe(false);
    const listed = await t.get(`${ROLE}?code=${plain.code}`, admin);
    expect(listed.json().content[0]).toMatchObject({ code: plain.code, requireTwoFactor: false });
  });

  it('refuses a value that is not a boolean with a field message', async () => {
    const res = await t.post(ROLE, { name: 'Bad', code: 'bad-2fa', requireTwoFactor: 'yes' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toContain('requireTwoFactor');
  });
});

describe('a user whose role requires two-factor sign-in, without it set up', () => {
  it('is told at sign-in, reaches only the set-up until done, then everything their roles grant', async () => {
    const role = await roleRequiring(true);
    const user = await t.createUser({ roleIds: [role.roleId] });
    const { token, userInfo } = await signIn(user.username, user.password);
    expect(userInfo?.twoFactorEnrolmentRequired).toBe(true);

    const current = await t.get(CURRENT, token);
    expect(current.statusCode).toBe(200);
    expect(current.json().twoFactorEnrolmentRequired).toBe(true);
    const blocked = await t.get(SETTINGS, token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: ERROR_CODES.TWO_FACTOR_ENROLMENT_REQUIRED,
      message: en(TWO_FACTOR_MESSAGES.enrolmentRequired),
    });
    // Nor can the own sessions be read meanwhile.
    expect((await t.get('/api/admin-service/user/sessions', token)).statusCode).toBe(403);
    expect((await t.get(TWO_FACTOR, token)).statusCode).toBe(200);

    await enrol(token!);
    expect((await t.get(SETTINGS, token)).statusCode).toBe(200);
    expect((await t.get(CURRENT, token)).json().twoFactorEnrolmentRequired).toBe(false);
    // The next sign-in asks for the code, as for anyone with two-factor sign-in on.
    expect((await signIn(user.username, user.password)).challenge).toBeTypeOf('string');
  });

  it('holds through an enabled group too; a disabled role or group requires nothing', async () => {
    const role = await roleRequiring(true);
    const viaGroup = await t.createUser();
    await groupWith(role.roleId, viaGroup.userId);
    expect((await signIn(viaGroup.username, viaGroup.password)).userInfo?.twoFactorEnrolmentRequired).toBe(
      true,
    );

    const viaDisabledGroup = await t.createUser();
    await groupWith(role.roleId, viaDisabledGroup.userId, 'DISABLED');
    const free = await signIn(viaDisabledGroup.username, viaDisabledGroup.password);
    expect(free.userInfo?.twoFactorEnrolmentRequired).toBe(false);
    expect((await t.get(SETTINGS, free.token)).statusCode).toBe(200);

    await put(t, `${ROLE}/${role.roleId}/status`, { status: 'DISABLED' }, admin);
    const afterDisable = await signIn(viaGroup.username, viaGroup.password);
    expect(afterDisable.userInfo?.twoFactorEnrolmentRequired).toBe(false);
  });

  it('applies to a live session from its next request when a role it holds comes to require it', async () => {
    const role = await roleRequiring(false);
    const user = await t.createUser({ roleIds: [role.roleId] });
    const { token } = await signIn(user.username, user.password);
    expect((await t.get(SETTINGS, token)).statusCode).toBe(200);
    const change = await put(
      t,
      ROLE,
      { roleId: role.roleId, name: role.name, code: role.code, requireTwoFactor: true },
      admin,
    );
    expect(change.statusCode, change.body).toBe(200);
    await vi.waitFor(async () => expect((await t.get(SETTINGS, token)).statusCode).toBe(403));
  });

  it('cannot escape by turning two-factor sign-in off: the set-up is asked again', async () => {
    const role = await roleRequiring(true);
    const user = await t.createUser({ roleIds: [role.roleId] });
    const { token } = await signIn(user.username, user.password);
    await enrol(token!);
    const off = await t.post(`${TWO_FACTOR}/disable`, { password: user.password }, token);
    expect(off.statusCode, off.body).toBe(200);
    await vi.waitFor(async () => {
      const res = await t.get(SETTINGS, token);
      expect(res.json().code).toBe(ERROR_CODES.TWO_FACTOR_ENROLMENT_REQUIRED);
    });
    const again = await signIn(user.username, user.password);
    expect(again.challenge).toBeUndefined();
    expect(again.userInfo?.twoFactorEnrolmentRequired).toBe(true);
  });

  it('a user who has it set up signs in with the code, unrestricted', async () => {
    const role = await roleRequiring(true);
    const user = await t.createUser({ roleIds: [role.roleId] });
    const first = await signIn(user.username, user.password);
    const secret = await enrol(first.token!);
    const now = Date.now() + 30_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const { challenge } = await signIn(user.username, user.password);
    const second = await t.post('/api/oauth2-server/login/second-factor', {
      challenge,
      code: codeAt(secret, now),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().code).not.toBe(SECOND_FACTOR_REQUIRED);
    const { token, userInfo } = second.json().result;
    expect(userInfo.twoFactorEnrolmentRequired).toBe(false);
    expect((await t.get(SETTINGS, token)).statusCode).toBe(200);
  });
});

describe('the whole-instance transfer', () => {
  it('carries the role setting and the password policy, and reads a document written before them', async () => {
    const role = await roleRequiring(true);
    await put(
      t,
      SETTINGS,
      { passwordMinLength: 14, passwordHistoryCount: 3, passwordCommonCheck: false },
      admin,
    );
    try {
      const exported = await t.get('/api/admin-service/v2/config-export', admin);
      expect(exported.statusCode, exported.body).toBe(200);
      const document = exported.json();
      expect(document.roles.find((r: { code: string }) => r.code === role.code)).toMatchObject({
        requireTwoFactor: true,
      });
      expect(document.settings).toMatchObject({
        passwordMinLength: 14,
        passwordHistoryCount: 3,
        passwordCommonCheck: false,
      });

      // As an earlier version wrote it: neither the role setting nor the three password settings.
      for (const r of document.roles) delete r.requireTwoFactor;
      delete document.settings.passwordMinLength;
      delete document.settings.passwordHistoryCount;
      delete document.settings.passwordCommonCheck;
      const preview = await t.post('/api/admin-service/v2/config-import/preview', document, admin);
      expect(preview.statusCode, preview.body).toBe(200);
      // Read as the defaults: the settings and the role would change back.
      const changes = preview.json().changes as { kind: string; update: string[] }[];
      expect(changes.find((c) => c.kind === 'settings')?.update).toEqual(['settings']);
      expect(changes.find((c) => c.kind === 'role')?.update).toContain(role.code);
    } finally {
      await put(t, SETTINGS, DEFAULT_CONSOLE_SETTINGS, admin);
    }
  });
});
