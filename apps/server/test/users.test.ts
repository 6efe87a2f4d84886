import {
  createdUserSchema,
  ERROR_CODES,
  IDENTITY_MESSAGES,
  MESSAGES,
  PASSWORD_MESSAGES,
  PASSWORD_POLICY,
  pageSchema,
  userMembershipSchema,
  userSchema,
  userSessionSchema,
} from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index.ts';
import { verifyPassword } from '../src/modules/passwords/hashing.ts';
import { auditOf, del, put, query } from './fixtures.ts';
import { build, byField, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let adminId: string;
let adminRoleId: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  const info = (await t.get('/api/admin-service/user/current', admin)).json();
  adminId = info.userId;
  adminRoleId = info.role.id;
});

const BASE = '/api/admin-service/v2/user';
const page = pageSchema(userSchema);
const list = (params: Record<string, unknown>, token = admin) => t.get(`${BASE}?${query(params)}`, token);
const create = async (body: Record<string, unknown>) => {
  const res = await t.post(BASE, body, admin);
  expect(res.statusCode, res.body).toBe(201);
  return createdUserSchema.parse(res.json());
};
let n = 0;
const fresh = (extra: Record<string, unknown> = {}) => {
  n += 1;
  return { username: `person${n}`, name: `Person ${n}`, email: `person${n}@example.com`, ...extra };
};

describe('POST /v2/user', () => {
  it('creates a user with a generated password, returned once, to be replaced at first sign-in', async () => {
    const created = await create(fresh({ phone: '+1 555 0100', avatar: 'https://example.com/a.png' }));
    expect(created).toMatchObject({
      name: `Person ${n}`,
      email: `person${n}@example.com`,
      phone: '+1 555 0100',
      status: 'ENABLED',
      organizationId: null,
      mustChangePassword: true,
      lastSignInDate: null,
    });
    expect(created.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.initialPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(JSON.stringify(created)).not.toContain('argon2');

    // The generated password signs in, into the existing first-login flow.
    const token = await t.login(created.username, created.initialPassword!);
    const me = (await t.get('/api/admin-service/user/current', token)).json();
    expect(me.mustChangePassword).toBe(true);
    expect((await t.get('/api/oauth2-server/authorization/menus', token)).json().code).toBe(
      ERROR_CODES.PASSWORD_CHANGE_REQUIRED,
    );
    const changed = await t.post(
      '/api/oauth2-server/change-password',
      { oldPassword: created.initialPassword, newPassword: 'my-own-password-1' },
      token,
    );
    expect(changed.statusCode).toBe(200);

    // Neither the password nor its hash reach the audit trail.
    const rows = await auditOf(t.db, 'user', created.userId);
    expect(rows[0]).toMatchObject({ action: 'create', actorId: adminId });
    expect(JSON.stringify(rows)).not.toContain(created.initialPassword!);
    expect(JSON.stringify(rows)).not.toContain('argon2');
  });

  it('takes a chosen password, and mustChangePassword false makes it ready to use', async () => {
    const created = await create(fresh({ password: 'chosen-password-1', mustChangePassword: false }));
    expect(created.initialPassword).toBeUndefined();
    expect(created.mustChangePassword).toBe(false);
    const token = await t.login(created.username, 'chosen-password-1');
    expect((await t.get('/api/oauth2-server/authorization/menus', token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.userId, created.userId));
    expect(await verifyPassword(row!.passwordHash, 'chosen-password-1')).toBe(true);
  });

  it('keeps usernames unique without regard to case, and signs in either way', async () => {
    const created = await create(fresh({ username: 'CaseUser', password: 'case-password-12' }));
    const again = await t.post(BASE, fresh({ username: 'caseuser' }), admin);
    expect(again.statusCode).toBe(409);
    expect(byField(again.json())).toMatchObject({
      code: ERROR_CODES.CONFLICT,
      fields: { username: en(IDENTITY_MESSAGES.duplicateUsername) },
    });
    expect(await t.login('CASEUSER', 'case-password-12')).toBeTruthy();
    expect(created.username).toBe('CaseUser');
  });

  it('validates the body field by field', async () => {
    const empty = await t.post(BASE, {}, admin);
    expect(empty.statusCode).toBe(400);
    expect(fieldMessages(empty.json())).toMatchObject({
      username: en(MESSAGES.required),
      name: en(MESSAGES.required),
      email: en(MESSAGES.required),
    });
    const bad = await t.post(BASE, fresh({ email: 'not-an-email', password: 'short' }), admin);
    expect(Object.keys(fieldMessages(bad.json())).sort()).toEqual(['email']);
    // The password's minimum is the policy's (Console Settings), checked once the record is valid.
    const short = await t.post(BASE, fresh({ password: 'short' }), admin);
    expect(fieldMessages(short.json())).toEqual({
      password: en(PASSWORD_MESSAGES.tooShort(PASSWORD_POLICY.minLength)),
    });
    const same = await t.post(BASE, fresh({ username: 'samesame12345', password: 'SameSame12345' }), admin);
    expect(fieldMessages(same.json())).toEqual({ password: en(IDENTITY_MESSAGES.passwordIsUsername) });
    const org = await t.post(BASE, fresh({ organizationId: crypto.randomUUID() }), admin);
    expect(fieldMessages(org.json())).toEqual({ organizationId: en(IDENTITY_MESSAGES.unknownOrganization) });
    const extra = await t.post(BASE, { ...fresh(), passwordHash: 'x', status: 'DISABLED' }, admin);
    expect(extra.statusCode).toBe(201);
    expect(extra.json().status).toBe('ENABLED');
  });
});

describe('GET /v2/user, GET and PUT /v2/user/{id}', () => {
  it('lists with paging, search and filters, and never shows a password hash', async () => {
    const a = await create(fresh({ name: 'Zed Searchable', email: 'zed@corp.example' }));
    const all = page.parse((await list({ size: 100 })).json());
    expect(all.totalElements).toBe(all.content.length);
    expect((await list({ size: 100 })).body).not.toContain('argon2');
    const found = page.parse((await list({ keyword: 'ZED SEARCH' })).json());
    expect(found.content.map((u) => u.userId)).toEqual([a.userId]);
    expect(page.parse((await list({ email: 'corp.example' })).json()).totalElements).toBe(1);
    expect(page.parse((await list({ size: 2, page: 0 })).json()).content).toHaveLength(2);
    const byName = page.parse((await list({ sort: 'username,asc', size: 100 })).json());
    const names = byName.content.map((u) => u.username);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect((await list({ sort: 'passwordHash,asc' })).statusCode).toBe(400);
    expect(page.parse((await list({ status: ['DISABLED'] })).json()).totalElements).toBe(0);
  });

  it('reads one user, or 404', async () => {
    const a = await create(fresh());
    expect(userSchema.parse((await t.get(`${BASE}/${a.userId}`, admin)).json()).username).toBe(a.username);
    expect((await t.get(`${BASE}/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await t.get(`${BASE}/not-a-uuid`, admin)).statusCode).toBe(404);
  });

  it('updates the editable fields and audits before and after', async () => {
    const a = await create(fresh());
    const res = await put(
      t,
      BASE,
      { userId: a.userId, name: 'Renamed', email: 'renamed@example.com', phone: '', avatar: null },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', email: 'renamed@example.com', phone: null });
    // The new address also ends the open reset links: its own record (password-reset.test.ts).
    const [, emailChange, update] = await auditOf(t.db, 'user', a.userId);
    expect(emailChange).toMatchObject({ action: 'email.change', after: { email: 'renamed@example.com' } });
    expect(update).toMatchObject({ action: 'update', before: { name: a.name }, after: { name: 'Renamed' } });
    expect((await put(t, BASE, { ...fresh(), userId: crypto.randomUUID() }, admin)).statusCode).toBe(404);
  });

  it('records the time of the last sign-in', async () => {
    const a = await create(fresh({ password: 'sign-in-password', mustChangePassword: false }));
    expect(a.lastSignInDate).toBeNull();
    const before = Date.now();
    await t.login(a.username, 'sign-in-password');
    const after = userSchema.parse((await t.get(`${BASE}/${a.userId}`, admin)).json());
    expect(Date.parse(after.lastSignInDate!)).toBeGreaterThanOrEqual(before - 5_000);
    expect(after.lastModifiedDate).toBe(a.lastModifiedDate);
  });
});

describe('status, sessions, password reset and delete', () => {
  async function signedIn() {
    const a = await create(fresh({ password: 'session-password', mustChangePassword: false }));
    const tokens = [
      await t.login(a.username, 'session-password'),
      await t.login(a.username, 'session-password'),
    ];
    return { user: a, tokens };
  }
  const alive = async (token: string) => (await t.get('/api/admin-service/user/current', token)).statusCode;

  it('disabling a user ends their sessions at once and stops sign-in; enabling lets them back', async () => {
    const { user, tokens } = await signedIn();
    const res = await put(t, `${BASE}/${user.userId}/status`, { status: 'DISABLED' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DISABLED');
    for (const token of tokens) expect(await alive(token)).toBe(401);
    expect((await t.get(`${BASE}/${user.userId}/sessions`, admin)).json()).toEqual([]);
    const login = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: 'session-password',
    });
    expect(login.statusCode).toBe(401);
    await put(t, `${BASE}/${user.userId}/status`, { status: 'ENABLED' }, admin);
    expect(await t.login(user.username, 'session-password')).toBeTruthy();
    expect((await auditOf(t.db, 'user', user.userId)).map((r) => r.action)).toContain('status');
  });

  it('lists and revokes sessions, one or all', async () => {
    const { user, tokens } = await signedIn();
    const sessions = (await t.get(`${BASE}/${user.userId}/sessions`, admin)).json();
    expect(sessions).toHaveLength(2);
    for (const s of sessions) userSessionSchema.parse(s);
    expect(JSON.stringify(sessions)).not.toContain(tokens[0]);
    const one = await del(t, `${BASE}/${user.userId}/sessions/${sessions[0].sessionId}`, admin);
    expect(one.statusCode).toBe(204);
    expect((await Promise.all(tokens.map(alive))).sort()).toEqual([200, 401]);
    expect((await del(t, `${BASE}/${user.userId}/sessions/${sessions[0].sessionId}`, admin)).statusCode).toBe(
      404,
    );
    // Another user's session is not reachable through this user.
    const other = await signedIn();
    const theirs = (await t.get(`${BASE}/${other.user.userId}/sessions`, admin)).json()[0].sessionId;
    expect((await del(t, `${BASE}/${user.userId}/sessions/${theirs}`, admin)).statusCode).toBe(404);
    expect((await del(t, `${BASE}/${user.userId}/sessions`, admin)).statusCode).toBe(204);
    for (const token of tokens) expect(await alive(token)).toBe(401);
    expect(await alive(other.tokens[0]!)).toBe(200);
  });

  it('a reset ends every session and makes the user choose a new password at the next sign-in', async () => {
    const { user, tokens } = await signedIn();
    const res = await put(t, `${BASE}/${user.userId}/password`, {}, admin);
    expect(res.statusCode).toBe(200);
    const initial = res.json().initialPassword as string;
    expect(initial).toMatch(/^[A-Za-z0-9_-]{24}$/);
    for (const token of tokens) expect(await alive(token)).toBe(401);
    expect(
      (await t.post('/api/oauth2-server/login', { username: user.username, password: 'session-password' }))
        .statusCode,
    ).toBe(401);
    const token = await t.login(user.username, initial);
    expect((await t.get('/api/admin-service/user/current', token)).json().mustChangePassword).toBe(true);
    expect((await t.get('/api/admin/menus', token)).statusCode).toBe(403);

    const chosen = await put(t, `${BASE}/${user.userId}/password`, { password: 'admin-chosen-pass' }, admin);
    expect(chosen.json()).toEqual({});
    expect(await t.login(user.username, 'admin-chosen-pass')).toBeTruthy();
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.userId));
    expect(rows.filter((r) => r.action === 'password.reset')).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(initial);
    expect(JSON.stringify(rows)).not.toContain('admin-chosen-pass');
  });

  it('deletes a user with their sessions; not oneself', async () => {
    const { user, tokens } = await signedIn();
    expect((await del(t, `${BASE}/${user.userId}`, admin)).statusCode).toBe(204);
    expect(await alive(tokens[0]!)).toBe(401);
    expect((await t.get(`${BASE}/${user.userId}`, admin)).statusCode).toBe(404);
    expect((await del(t, `${BASE}/${user.userId}`, admin)).statusCode).toBe(404);
    const self = await del(t, `${BASE}/${adminId}`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(en(IDENTITY_MESSAGES.selfLockout));
    const disableSelf = await put(t, `${BASE}/${adminId}/status`, { status: 'DISABLED' }, admin);
    expect(disableSelf.statusCode).toBe(409);
    expect(disableSelf.json().message).toBe(en(IDENTITY_MESSAGES.selfLockout));
  });
});

describe('roles and groups of a user', () => {
  it('sets and reads the roles and groups, refusing unknown ones', async () => {
    const a = await create(fresh());
    const role = await t.createRole({ name: 'Auditor' });
    const group = (await t.post('/api/admin-service/v2/group', { name: 'Ops', code: 'ops' }, admin)).json();
    const roles = await put(t, `${BASE}/${a.userId}/roles`, { roleIds: [role.roleId, role.roleId] }, admin);
    expect(roles.statusCode).toBe(200);
    expect(userMembershipSchema.parse(roles.json())).toEqual({
      roles: [{ id: role.roleId, name: 'Auditor', code: role.code }],
      groups: [],
    });
    const groups = await put(t, `${BASE}/${a.userId}/groups`, { groupIds: [group.groupId] }, admin);
    expect(groups.json().groups).toEqual([{ id: group.groupId, name: 'Ops', code: 'ops' }]);
    expect((await t.get(`${BASE}/${a.userId}/membership`, admin)).json()).toEqual(groups.json());
    const unknown = await put(t, `${BASE}/${a.userId}/roles`, { roleIds: [crypto.randomUUID()] }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(fieldMessages(unknown.json())).toEqual({ roleIds: en(IDENTITY_MESSAGES.unknownRole) });
    const unknownGroup = await put(
      t,
      `${BASE}/${a.userId}/groups`,
      { groupIds: [crypto.randomUUID()] },
      admin,
    );
    expect(fieldMessages(unknownGroup.json())).toEqual({ groupIds: en(IDENTITY_MESSAGES.unknownGroup) });
    // The user list filters by a role and by a group.
    expect(page.parse((await list({ roleId: role.roleId })).json()).content.map((u) => u.userId)).toEqual([
      a.userId,
    ]);
    expect(page.parse((await list({ groupId: group.groupId })).json()).content.map((u) => u.userId)).toEqual([
      a.userId,
    ]);
    expect((await auditOf(t.db, 'user', a.userId)).map((r) => r.action)).toEqual([
      'create',
      'roles',
      'groups',
    ]);
  });

  it('refuses to remove the last administrator, directly or by disabling, and demoting oneself', async () => {
    const alone = await put(t, `${BASE}/${adminId}/roles`, { roleIds: [] }, admin);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(en(IDENTITY_MESSAGES.selfLockout));
    // A second administrator may go, but then the first one cannot demote themselves.
    const second = await create(fresh({ password: 'second-admin-pass', mustChangePassword: false }));
    await put(t, `${BASE}/${second.userId}/roles`, { roleIds: [adminRoleId] }, admin);
    const secondToken = await t.login(second.username, 'second-admin-pass');
    // The second administrator demotes the first: allowed, someone is left.
    expect((await put(t, `${BASE}/${adminId}/roles`, { roleIds: [] }, secondToken)).statusCode).toBe(200);
    // The first has no rights now; the second is the last one and cannot be disabled.
    expect((await list({}, admin)).statusCode).toBe(403);
    const last = await put(t, `${BASE}/${second.userId}/roles`, { roleIds: [] }, secondToken);
    expect(last.json().message).toBe(en(IDENTITY_MESSAGES.selfLockout));
    await put(t, `${BASE}/${adminId}/roles`, { roleIds: [adminRoleId] }, secondToken);
    expect((await list({}, admin)).statusCode).toBe(200);
    // Deleting and disabling the other administrator are fine while one is left...
    expect((await put(t, `${BASE}/${second.userId}/status`, { status: 'DISABLED' }, admin)).statusCode).toBe(
      200,
    );
    // ...but then the only enabled administrator is the acting one.
    expect((await put(t, `${BASE}/${second.userId}/status`, { status: 'ENABLED' }, admin)).statusCode).toBe(
      200,
    );
    expect((await del(t, `${BASE}/${second.userId}`, admin)).statusCode).toBe(204);
  });
});
