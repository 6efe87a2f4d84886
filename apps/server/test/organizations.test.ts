import {
  countsOf,
  IDENTITY_MESSAGES,
  type Organization,
  organizationSchema,
  pageSchema,
  userSchema,
} from '@gatehouse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditOf, del, put, query } from './fixtures.ts';
import { build, en, fieldMessages, messageBody, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
});

const BASE = '/api/admin-service/v2/organization';
const page = pageSchema(organizationSchema);

async function newOrg(code: string, parentId?: string): Promise<Organization> {
  const res = await t.post(
    BASE,
    { name: code.toUpperCase(), code, ...(parentId ? { parentId } : {}) },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return organizationSchema.parse(res.json());
}
const get = async (id: string) => organizationSchema.parse((await t.get(`${BASE}/${id}`, admin)).json());
const list = async (params: Record<string, unknown>) =>
  page.parse((await t.get(`${BASE}?${query({ size: 100, sort: 'code,asc', ...params })}`, admin)).json());

describe('the organization tree', () => {
  let root: Organization;
  let child: Organization;
  let grandchild: Organization;
  beforeAll(async () => {
    root = await newOrg('acme');
    child = await newOrg('acme-eu', root.organizationId);
    grandchild = await newOrg('acme-eu-de', child.organizationId);
  });

  it('gives each node its path from the root and its counts', async () => {
    expect(root).toMatchObject({ parentId: null, path: 'ACME', childCount: 0, memberCount: 0 });
    expect(grandchild).toMatchObject({ parentId: child.organizationId, path: 'ACME / ACME-EU / ACME-EU-DE' });
    expect((await get(root.organizationId)).childCount).toBe(1);
    const dup = await t.post(BASE, { name: 'x', code: 'acme' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(fieldMessages(dup.json())).toEqual({ code: en(IDENTITY_MESSAGES.duplicateCode) });
    const orphan = await t.post(BASE, { name: 'x', code: 'orphan', parentId: crypto.randomUUID() }, admin);
    expect(fieldMessages(orphan.json())).toEqual({ parentId: en(IDENTITY_MESSAGES.unknownOrganization) });
  });

  it('lists the top level, a node’s children, or every level when searching', async () => {
    const other = await newOrg('zeta');
    expect((await list({})).content.map((o) => o.code)).toEqual(['acme', 'zeta']);
    expect((await list({ parentId: root.organizationId })).content.map((o) => o.code)).toEqual(['acme-eu']);
    expect((await list({ keyword: 'acme-eu' })).content.map((o) => o.path)).toEqual([
      'ACME / ACME-EU',
      'ACME / ACME-EU / ACME-EU-DE',
    ]);
    await del(t, `${BASE}/${other.organizationId}`, admin);
  });

  it('renames a node, and the paths below follow', async () => {
    await put(t, BASE, { organizationId: child.organizationId, name: 'Europe', code: 'acme-eu' }, admin);
    expect((await get(grandchild.organizationId)).path).toBe('ACME / Europe / ACME-EU-DE');
  });

  it('moves a node, never under itself or its descendants', async () => {
    const other = await newOrg('other');
    const moved = await put(
      t,
      `${BASE}/${child.organizationId}/move`,
      { parentId: other.organizationId },
      admin,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().path).toBe('OTHER / Europe');
    expect((await get(grandchild.organizationId)).path).toBe('OTHER / Europe / ACME-EU-DE');
    for (const parentId of [child.organizationId, grandchild.organizationId]) {
      const loop = await put(t, `${BASE}/${child.organizationId}/move`, { parentId }, admin);
      expect(loop.statusCode).toBe(400);
      expect(fieldMessages(loop.json())).toEqual({ parentId: en(IDENTITY_MESSAGES.organizationCycle) });
    }
    const gone = await put(
      t,
      `${BASE}/${child.organizationId}/move`,
      { parentId: crypto.randomUUID() },
      admin,
    );
    expect(fieldMessages(gone.json())).toEqual({ parentId: en(IDENTITY_MESSAGES.unknownOrganization) });
    const top = await put(t, `${BASE}/${child.organizationId}/move`, { parentId: null }, admin);
    expect(top.json()).toMatchObject({ parentId: null, path: 'Europe' });
    await put(t, `${BASE}/${child.organizationId}/move`, { parentId: root.organizationId }, admin);
    expect((await auditOf(t.db, 'organization', child.organizationId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'move',
      'move',
      'move',
    ]);
  });

  it('two concurrent moves cannot close a loop between them', async () => {
    const a = await newOrg('loop-a');
    const b = await newOrg('loop-b');
    const results = await Promise.all([
      put(t, `${BASE}/${a.organizationId}/move`, { parentId: b.organizationId }, admin),
      put(t, `${BASE}/${b.organizationId}/move`, { parentId: a.organizationId }, admin),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('sets members; a user belongs to one organization at a time', async () => {
    const [u1, u2] = [await t.createUser(), await t.createUser()];
    const set = await put(
      t,
      `${BASE}/${root.organizationId}/members`,
      { userIds: [u1.userId, u2.userId] },
      admin,
    );
    expect(set.json().memberCount).toBe(2);
    const moved = await put(t, `${BASE}/${child.organizationId}/members`, { userIds: [u2.userId] }, admin);
    expect(moved.json().memberCount).toBe(1);
    expect((await get(root.organizationId)).memberCount).toBe(1);
    const user = userSchema.parse((await t.get(`/api/admin-service/v2/user/${u2.userId}`, admin)).json());
    expect(user.organizationId).toBe(child.organizationId);
    const members = (
      await t.get(`/api/admin-service/v2/user?${query({ organizationId: root.organizationId })}`, admin)
    ).json();
    expect(members.content.map((u: { userId: string }) => u.userId)).toEqual([u1.userId]);
    const unknown = await put(
      t,
      `${BASE}/${root.organizationId}/members`,
      { userIds: [crypto.randomUUID()] },
      admin,
    );
    expect(fieldMessages(unknown.json())).toEqual({ userIds: en(IDENTITY_MESSAGES.unknownUser) });
  });

  it('refuses to delete a node with children or members, naming them', async () => {
    const res = await del(t, `${BASE}/${root.organizationId}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(
      messageBody(
        IDENTITY_MESSAGES.inUse(
          countsOf([
            [1, 'childOrganization'],
            [1, 'member'],
          ]),
        ),
      ),
    );
    expect(res.json().message).toBe('It is still in use: 1 child organization, 1 member.');
    const leaf = await newOrg('leaf');
    expect(
      (await put(t, `${BASE}/${leaf.organizationId}/status`, { status: 'DISABLED' }, admin)).json().status,
    ).toBe('DISABLED');
    expect((await del(t, `${BASE}/${leaf.organizationId}`, admin)).statusCode).toBe(204);
    expect((await t.get(`${BASE}/${leaf.organizationId}`, admin)).statusCode).toBe(404);
  });
});

describe('a disabled organization suspends everyone in it and under it', () => {
  const USER = '/api/admin-service/v2/user';
  const me = (token: string) => t.get('/api/admin-service/user/current', token);

  it('ends their sessions, refuses their sign-in and gives them nothing, until enabled again', async () => {
    const top = await newOrg('susp-top');
    const below = await newOrg('susp-below', top.organizationId);
    // A delegated user manager in the subtree: their delegated rights go with it.
    const role = await t.createRole({
      permissions: [{ permissionId: 'admin-setting.manage-user', actions: ['retrieve', 'update'] }],
    });
    const manager = await t.createUser({ roleIds: [role.roleId] });
    const outsider = await t.createUser();
    await put(t, `${BASE}/${below.organizationId}/members`, { userIds: [manager.userId] }, admin);
    const token = await t.login(manager.username, manager.password);
    expect((await t.get(USER, token)).statusCode).toBe(200);

    const off = await put(t, `${BASE}/${top.organizationId}/status`, { status: 'DISABLED' }, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect((await get(below.organizationId)).status).toBe('ENABLED');
    expect((await me(token)).statusCode).toBe(401);
    const signIn = await t.post('/api/oauth2-server/login', {
      username: manager.username,
      password: manager.password,
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe('This account is disabled.');
    const [record] = (await auditOf(t.db, 'organization', top.organizationId)).filter(
      (r) => r.action === 'status',
    );
    expect(record?.after).toMatchObject({ suspendedUsers: 1, endedSessions: 1 });
    // Someone outside the subtree is untouched; one moved in is suspended, one moved out is back.
    const outsiderToken = await t.login(outsider.username, outsider.password);
    await put(
      t,
      `${BASE}/${below.organizationId}/members`,
      { userIds: [manager.userId, outsider.userId] },
      admin,
    );
    expect((await me(outsiderToken)).statusCode).toBe(401);
    await put(t, `${BASE}/${below.organizationId}/members`, { userIds: [manager.userId] }, admin);
    expect(
      (await t.post('/api/oauth2-server/login', { username: outsider.username, password: outsider.password }))
        .statusCode,
    ).toBe(200);
    // A node made under a disabled one starts inactive: its members are suspended too.
    const child = await newOrg('susp-child', below.organizationId);
    await put(t, `${BASE}/${child.organizationId}/members`, { userIds: [outsider.userId] }, admin);
    expect(
      (await t.post('/api/oauth2-server/login', { username: outsider.username, password: outsider.password }))
        .statusCode,
    ).toBe(401);

    expect(
      (await put(t, `${BASE}/${top.organizationId}/status`, { status: 'ENABLED' }, admin)).statusCode,
    ).toBe(200);
    const back = await t.login(manager.username, manager.password);
    expect((await t.get(USER, back)).statusCode).toBe(200);
    expect(
      (await t.post('/api/oauth2-server/login', { username: outsider.username, password: outsider.password }))
        .statusCode,
    ).toBe(200);
  });

  it('moving a node under a disabled one suspends its members; an administrator is kept', async () => {
    const disabled = await newOrg('susp-disabled');
    await put(t, `${BASE}/${disabled.organizationId}/status`, { status: 'DISABLED' }, admin);
    const moving = await newOrg('susp-moving');
    const user = await t.createUser();
    await put(t, `${BASE}/${moving.organizationId}/members`, { userIds: [user.userId] }, admin);
    const token = await t.login(user.username, user.password);
    const moved = await put(
      t,
      `${BASE}/${moving.organizationId}/move`,
      { parentId: disabled.organizationId },
      admin,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await me(token)).statusCode).toBe(401);

    // The administrator cannot suspend themselves, and a manager without the rule's rights is refused.
    const adminId = (await me(admin)).json().userId as string;
    const own = await newOrg('susp-own');
    await put(t, `${BASE}/${own.organizationId}/members`, { userIds: [adminId] }, admin);
    const self = await put(t, `${BASE}/${own.organizationId}/status`, { status: 'DISABLED' }, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(en(IDENTITY_MESSAGES.selfLockout));
    const orgManager = await t.createRole({
      permissions: [{ permissionId: 'admin-setting.manage-organization', actions: ['retrieve', 'update'] }],
    });
    const someone = await t.createUser({ roleIds: [orgManager.roleId] });
    const refused = await put(
      t,
      `${BASE}/${own.organizationId}/status`,
      { status: 'DISABLED' },
      await t.login(someone.username, someone.password),
    );
    expect(refused.statusCode).toBe(403);
    expect((await get(own.organizationId)).status).toBe('ENABLED');
    await put(t, `${BASE}/${own.organizationId}/members`, { userIds: [] }, admin);
  });
});
