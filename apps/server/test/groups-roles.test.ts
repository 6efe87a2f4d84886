import {
  countsOf,
  ERROR_CODES,
  groupSchema,
  IDENTITY_MESSAGES,
  MESSAGES,
  PLATFORM_APP_ID,
  pageSchema,
  roleGrantsSchema,
  roleSchema,
} from '@gatehouse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditOf, createApplication, del, put, query, tokenWith } from './fixtures.ts';
import { build, en, fieldMessages, messageBody, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let adminRoleId: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  adminRoleId = (await t.get('/api/admin-service/user/current', admin)).json().role.id;
});

const GROUP = '/api/admin-service/v2/group';
const ROLE = '/api/admin-service/v2/role';
const USER = '/api/admin-service/v2/user';

async function newGroup(code: string, name = code) {
  const res = await t.post(GROUP, { name, code, description: `The ${name} group` }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return groupSchema.parse(res.json());
}
async function newRole(code: string, name = code) {
  const res = await t.post(ROLE, { name, code }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return roleSchema.parse(res.json());
}

describe('groups', () => {
  it('creates, reads, lists, updates and audits a group; codes are unique', async () => {
    const g = await newGroup('sales', 'Sales');
    expect(g).toMatchObject({ name: 'Sales', code: 'sales', status: 'ENABLED', memberCount: 0 });
    // A read says too what the caller may do with the group.
    expect((await t.get(`${GROUP}/${g.groupId}`, admin)).json()).toEqual({
      ...g,
      manageable: true,
      assignable: true,
    });
    const dup = await t.post(GROUP, { name: 'Other', code: 'sales' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(fieldMessages(dup.json())).toEqual({ code: en(IDENTITY_MESSAGES.duplicateCode) });
    const updated = await put(t, GROUP, { groupId: g.groupId, name: 'Sales EU', code: 'sales-eu' }, admin);
    expect(updated.json()).toMatchObject({ name: 'Sales EU', code: 'sales-eu', description: null });
    const listed = pageSchema(groupSchema).parse(
      (await t.get(`${GROUP}?${query({ keyword: 'eu' })}`, admin)).json(),
    );
    expect(listed.content.map((x) => x.groupId)).toEqual([g.groupId]);
    expect(fieldMessages((await t.post(GROUP, {}, admin)).json())).toEqual({
      name: en(MESSAGES.required),
      code: en(MESSAGES.required),
    });
    expect((await auditOf(t.db, 'group', g.groupId)).map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('sets members and roles; the members hold the roles while the group is enabled', async () => {
    const g = await newGroup('readers');
    const role = await t.createRole({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'] }],
    });
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const clients = '/api/admin-service/v2/application/client?applicationId=platform';
    expect((await t.get(clients, token)).statusCode).toBe(403);

    const members = await put(t, `${GROUP}/${g.groupId}/members`, { userIds: [user.userId] }, admin);
    expect(members.json().memberCount).toBe(1);
    const roles = await put(t, `${GROUP}/${g.groupId}/roles`, { roleIds: [role.roleId] }, admin);
    expect(roles.json()).toEqual([{ id: role.roleId, name: role.name, code: role.code }]);
    expect((await t.get(`${GROUP}/${g.groupId}/roles`, admin)).json()).toEqual(roles.json());
    expect((await t.get(clients, token)).statusCode).toBe(200);
    const info = (await t.get('/api/admin-service/user/current', token)).json();
    expect(info.role.permissions).toEqual([
      { permissionId: 'app-config.client', actionEntitySet: ['retrieve'] },
    ]);

    await put(t, `${GROUP}/${g.groupId}/status`, { status: 'DISABLED' }, admin);
    expect((await t.get(clients, token)).statusCode).toBe(403);
    await put(t, `${GROUP}/${g.groupId}/status`, { status: 'ENABLED' }, admin);
    expect((await t.get(clients, token)).statusCode).toBe(200);

    // A disabled role grants nothing either.
    await put(t, `${ROLE}/${role.roleId}/status`, { status: 'DISABLED' }, admin);
    expect((await t.get(clients, token)).statusCode).toBe(403);
    await put(t, `${ROLE}/${role.roleId}/status`, { status: 'ENABLED' }, admin);

    const unknown = await put(t, `${GROUP}/${g.groupId}/members`, { userIds: [crypto.randomUUID()] }, admin);
    expect(fieldMessages(unknown.json())).toEqual({ userIds: en(IDENTITY_MESSAGES.unknownUser) });
    const unknownRole = await put(
      t,
      `${GROUP}/${g.groupId}/roles`,
      { roleIds: [crypto.randomUUID()] },
      admin,
    );
    expect(fieldMessages(unknownRole.json())).toEqual({ roleIds: en(IDENTITY_MESSAGES.unknownRole) });
  });

  it('refuses to delete a group with members, and deletes an empty one', async () => {
    const g = await newGroup('to-delete');
    const [a, b] = [await t.createUser(), await t.createUser()];
    await put(t, `${GROUP}/${g.groupId}/members`, { userIds: [a.userId, b.userId] }, admin);
    const refused = await del(t, `${GROUP}/${g.groupId}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ERROR_CODES.CONFLICT,
      message: en(IDENTITY_MESSAGES.inUse(countsOf([[2, 'member']]))),
    });
    await put(t, `${GROUP}/${g.groupId}/members`, { userIds: [] }, admin);
    expect((await del(t, `${GROUP}/${g.groupId}`, admin)).statusCode).toBe(204);
    expect((await t.get(`${GROUP}/${g.groupId}`, admin)).statusCode).toBe(404);
  });

  it('keeps an administrator: not by disabling or emptying the group that holds the last one', async () => {
    const g = await newGroup('admins');
    await put(t, `${GROUP}/${g.groupId}/roles`, { roleIds: [adminRoleId] }, admin);
    const other = await t.createUser();
    await put(t, `${GROUP}/${g.groupId}/members`, { userIds: [other.userId] }, admin);
    const otherToken = await t.login(other.username, other.password);
    const adminId = (await t.get('/api/admin-service/user/current', admin)).json().userId;

    // `admin` holds the role directly, `other` through the group: `other` demotes `admin`.
    expect((await put(t, `${USER}/${adminId}/roles`, { roleIds: [] }, otherToken)).statusCode).toBe(200);
    // Now `other`, through the group, is the last one; a user manager tries every path, and
    // is refused before the count: only an administrator changes an administrator.
    const manager = await t.createRole({
      permissions: [
        { permissionId: 'admin-setting.manage-user', actions: ['update', 'retrieve', 'delete'] },
        { permissionId: 'admin-setting.manage-group', actions: ['update'] },
      ],
    });
    const managerUser = await t.createUser({ roleIds: [manager.roleId] });
    const token = await t.login(managerUser.username, managerUser.password);
    for (const res of [
      await put(t, `${GROUP}/${g.groupId}/status`, { status: 'DISABLED' }, token),
      await put(t, `${GROUP}/${g.groupId}/members`, { userIds: [] }, token),
      await put(t, `${GROUP}/${g.groupId}/roles`, { roleIds: [] }, token),
      await put(t, `${USER}/${other.userId}/groups`, { groupIds: [] }, token),
      await put(t, `${USER}/${other.userId}/status`, { status: 'DISABLED' }, token),
      await del(t, `${USER}/${other.userId}`, token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(en(IDENTITY_MESSAGES.administratorOnly));
    }
    // An administrator cannot take the built-in role from the group that makes them one.
    const last = await put(t, `${GROUP}/${g.groupId}/roles`, { roleIds: [] }, otherToken);
    expect(last.json().message).toBe(en(IDENTITY_MESSAGES.selfLockout));
    await put(t, `${USER}/${adminId}/roles`, { roleIds: [adminRoleId] }, otherToken);
    expect((await put(t, `${GROUP}/${g.groupId}/status`, { status: 'DISABLED' }, admin)).statusCode).toBe(
      200,
    );
  });

  it('lets only an administrator make or unmake one, or reset their password', async () => {
    const adminGroup = await newGroup('admin-group');
    await put(t, `${GROUP}/${adminGroup.groupId}/roles`, { roleIds: [adminRoleId] }, admin);
    const managerRole = await t.createRole({
      permissions: [
        { permissionId: 'admin-setting.manage-user', actions: ['update', 'retrieve', 'delete'] },
        { permissionId: 'admin-setting.manage-group', actions: ['update'] },
      ],
    });
    const manager = await t.createUser({ roleIds: [managerRole.roleId] });
    const token = await t.login(manager.username, manager.password);
    const plain = await t.createUser();
    const plainGroup = await newGroup('plain-group');
    const second = await t.createUser({ roleIds: [adminRoleId] });
    for (const [i, res] of [
      // Making oneself or another an administrator, directly or through a group, or giving
      // the built-in role to a group, even one without members.
      await put(t, `${USER}/${manager.userId}/roles`, { roleIds: [managerRole.roleId, adminRoleId] }, token),
      await put(t, `${USER}/${plain.userId}/groups`, { groupIds: [adminGroup.groupId] }, token),
      await put(t, `${GROUP}/${adminGroup.groupId}/members`, { userIds: [manager.userId] }, token),
      await put(t, `${GROUP}/${plainGroup.groupId}/roles`, { roleIds: [adminRoleId] }, token),
      // Unmaking one while others remain, or taking over their account.
      await put(t, `${USER}/${second.userId}/status`, { status: 'DISABLED' }, token),
      await put(t, `${USER}/${second.userId}/roles`, { roleIds: [] }, token),
      await del(t, `${USER}/${second.userId}`, token),
      await put(t, `${USER}/${second.userId}/password`, {}, token),
    ].entries()) {
      expect(res.statusCode, `attempt ${i}`).toBe(403);
    }
    expect(
      (await t.get('/api/admin-service/user/current', await t.login(second.username, second.password)))
        .statusCode,
    ).toBe(200);
    // What does not touch an administrator stays with the user manager.
    expect(
      (await put(t, `${USER}/${plain.userId}/groups`, { groupIds: [plainGroup.groupId] }, token)).statusCode,
    ).toBe(200);
    expect((await put(t, `${USER}/${plain.userId}/password`, {}, token)).statusCode).toBe(200);
    expect((await put(t, `${USER}/${plain.userId}/status`, { status: 'DISABLED' }, token)).statusCode).toBe(
      200,
    );
    // An administrator may do all of it.
    expect((await put(t, `${USER}/${second.userId}/password`, {}, admin)).statusCode).toBe(200);
    expect((await del(t, `${USER}/${second.userId}`, admin)).statusCode).toBe(204);
  });
});

describe('roles', () => {
  it('creates, lists, updates, disables and audits a role; codes are unique', async () => {
    const r = await newRole('editor', 'Editor');
    expect(r).toMatchObject({ name: 'Editor', code: 'editor', status: 'ENABLED', builtin: false });
    expect(fieldMessages((await t.post(ROLE, { name: 'x', code: 'editor' }, admin)).json())).toEqual({
      code: en(IDENTITY_MESSAGES.duplicateCode),
    });
    const updated = await put(t, ROLE, { roleId: r.roleId, name: 'Chief editor', code: 'chief' }, admin);
    expect(updated.json()).toMatchObject({ name: 'Chief editor', code: 'chief' });
    const disabled = await put(t, `${ROLE}/${r.roleId}/status`, { status: 'DISABLED' }, admin);
    expect(disabled.json().status).toBe('DISABLED');
    const list = pageSchema(roleSchema).parse(
      (await t.get(`${ROLE}?${query({ code: 'chief' })}`, admin)).json(),
    );
    expect(list.content.map((x) => x.roleId)).toEqual([r.roleId]);
    expect((await auditOf(t.db, 'role', r.roleId)).map((x) => x.action)).toEqual([
      'create',
      'update',
      'status',
    ]);
  });

  it('the built-in Administrator cannot be edited, disabled, deleted or have its grants replaced', async () => {
    const builtin = roleSchema.parse((await t.get(`${ROLE}/${adminRoleId}`, admin)).json());
    expect(builtin).toMatchObject({ code: 'administrator', builtin: true });
    for (const res of [
      await put(t, ROLE, { roleId: adminRoleId, name: 'Renamed', code: 'administrator' }, admin),
      await put(t, `${ROLE}/${adminRoleId}/status`, { status: 'DISABLED' }, admin),
      await del(t, `${ROLE}/${adminRoleId}`, admin),
      await put(t, `${ROLE}/${adminRoleId}/grants`, { permissions: [], resources: [] }, admin),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(en(IDENTITY_MESSAGES.builtinRole));
    }
    const grants = roleGrantsSchema.parse((await t.get(`${ROLE}/${adminRoleId}/grants`, admin)).json());
    expect(grants.permissions.find((p) => p.permissionId === 'admin-setting.manage-role')).toEqual({
      applicationId: PLATFORM_APP_ID,
      permissionId: 'admin-setting.manage-role',
      actionEntitySet: ['create', 'update', 'retrieve', 'delete'],
    });
  });

  it('refuses to delete a role in use, naming what holds it', async () => {
    const r = await newRole('held');
    const [a, b] = [await t.createUser(), await t.createUser()];
    await put(t, `${USER}/${a.userId}/roles`, { roleIds: [r.roleId] }, admin);
    await put(t, `${USER}/${b.userId}/roles`, { roleIds: [r.roleId] }, admin);
    const g = await newGroup('holders');
    await put(t, `${GROUP}/${g.groupId}/roles`, { roleIds: [r.roleId] }, admin);
    const res = await del(t, `${ROLE}/${r.roleId}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(
      messageBody(
        IDENTITY_MESSAGES.inUse(
          IDENTITY_MESSAGES.heldBy(
            countsOf([
              [2, 'user'],
              [1, 'group'],
            ]),
          ),
        ),
      ),
    );
    expect(res.json().message).toBe('It is still in use: held by 2 users, 1 group.');
    await put(t, `${USER}/${a.userId}/roles`, { roleIds: [] }, admin);
    await put(t, `${GROUP}/${g.groupId}/roles`, { roleIds: [] }, admin);
    expect((await del(t, `${ROLE}/${r.roleId}`, admin)).json().message).toBe(
      en(IDENTITY_MESSAGES.inUse(IDENTITY_MESSAGES.heldBy(countsOf([[1, 'user']])))),
    );
    await put(t, `${USER}/${b.userId}/roles`, { roleIds: [] }, admin);
    expect((await del(t, `${ROLE}/${r.roleId}`, admin)).statusCode).toBe(204);
  });

  it('reads and replaces grants of any application, checking every one', async () => {
    const shop = await createApplication(t.db, 'shop-grants');
    await t.post(
      '/api/admin-service/permission/createPermission',
      { name: 'Orders', id: 'orders.read', resourceType: 'API', applicationId: shop },
      admin,
    );
    const category = (
      await t.post(
        '/api/admin-service/resource',
        { name: 'Shop', id: 'shop', type: 'CATEGORY', order: 1, status: 'ENABLED', applicationId: shop },
        admin,
      )
    ).json();
    const r = await newRole('grants');
    const body = {
      permissions: [
        {
          applicationId: PLATFORM_APP_ID,
          permissionId: 'app-config.client',
          actionEntitySet: ['retrieve', 'retrieve', 'update'],
          applicationIds: [shop],
        },
        { applicationId: shop, permissionId: 'orders.read', actionEntitySet: ['retrieve'] },
      ],
      resources: [category.resourceId, category.resourceId],
    };
    const res = await put(t, `${ROLE}/${r.roleId}/grants`, body, admin);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      permissions: [
        {
          applicationId: PLATFORM_APP_ID,
          permissionId: 'app-config.client',
          actionEntitySet: ['update', 'retrieve'],
          applicationIds: [shop],
        },
        { applicationId: shop, permissionId: 'orders.read', actionEntitySet: ['retrieve'] },
      ],
      resources: [category.resourceId],
    };
    expect(res.json()).toEqual(expected);
    expect((await t.get(`${ROLE}/${r.roleId}/grants`, admin)).json()).toEqual(expected);
    expect((await auditOf(t.db, 'role', r.roleId)).at(-1)).toMatchObject({
      action: 'grants',
      after: expected,
    });

    const bad = await put(
      t,
      `${ROLE}/${r.roleId}/grants`,
      {
        permissions: [
          { applicationId: PLATFORM_APP_ID, permissionId: 'no-such.area', actionEntitySet: ['retrieve'] },
          { applicationId: 'no-such-app', permissionId: 'x', actionEntitySet: ['retrieve'] },
          { applicationId: shop, permissionId: 'orders.write', actionEntitySet: ['retrieve'] },
          {
            applicationId: shop,
            permissionId: 'orders.read',
            actionEntitySet: ['retrieve'],
            applicationIds: [shop],
          },
          {
            applicationId: PLATFORM_APP_ID,
            permissionId: 'app-config.client',
            actionEntitySet: ['retrieve'],
            applicationIds: ['gone'],
          },
          { applicationId: PLATFORM_APP_ID, permissionId: 'app-config.client', actionEntitySet: ['update'] },
        ],
        resources: [crypto.randomUUID()],
      },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad.json())).toEqual({
      'permissions.0.permissionId': en(IDENTITY_MESSAGES.unknownPermission),
      'permissions.1.applicationId': en(IDENTITY_MESSAGES.unknownApplication),
      'permissions.2.permissionId': en(IDENTITY_MESSAGES.unknownPermission),
      'permissions.3.applicationIds': en(IDENTITY_MESSAGES.scopeOnlyOnPlatform),
      'permissions.4.applicationIds': en(IDENTITY_MESSAGES.unknownApplication),
      'permissions.5.permissionId': en(IDENTITY_MESSAGES.duplicateGrant),
      resources: en(IDENTITY_MESSAGES.unknownResource),
    });
    const noActions = await put(
      t,
      `${ROLE}/${r.roleId}/grants`,
      {
        permissions: [{ applicationId: shop, permissionId: 'orders.read', actionEntitySet: [] }],
        resources: [],
      },
      admin,
    );
    expect(noActions.statusCode).toBe(400);
    expect((await t.get(`${ROLE}/${r.roleId}/grants`, admin)).json()).toEqual(expected);
  });

  it('role and group lists serve the user screen pickers; the rest stays with their own right', async () => {
    const userManager = await tokenWith(t, 'admin-setting.manage-user', ['retrieve']);
    expect((await t.get(ROLE, userManager)).statusCode).toBe(200);
    expect((await t.get(GROUP, userManager)).statusCode).toBe(200);
    expect((await t.get(`${ROLE}/${adminRoleId}`, userManager)).statusCode).toBe(403);
    expect((await t.post(ROLE, { name: 'x', code: 'x' }, userManager)).statusCode).toBe(403);
    const nobody = await tokenWith(t, 'admin-setting.manage-user');
    expect((await t.get(ROLE, nobody)).statusCode).toBe(403);
  });

  it('a role manager reads what the grant pickers list: applications, their permissions and resources', async () => {
    const shop = await createApplication(t.db);
    const roleManager = await tokenWith(t, 'admin-setting.manage-role', ['retrieve', 'update']);
    for (const url of [
      '/api/admin-service/v2/application',
      `/api/admin-service/v2/application/${shop}`,
      `/api/admin-service/permission/getPermissionList?applicationId=${shop}`,
      `/api/admin-service/resources?applicationId=${shop}`,
    ]) {
      expect((await t.get(url, roleManager)).statusCode, url).toBe(200);
    }
    const write = { name: 'x', id: 'x', resourceType: 'API', applicationId: shop };
    expect(
      (await t.post('/api/admin-service/permission/createPermission', write, roleManager)).statusCode,
    ).toBe(403);
    expect(
      (await t.get(`/api/admin-service/data/accesses?applicationId=${shop}`, roleManager)).statusCode,
    ).toBe(403);
  });
});
