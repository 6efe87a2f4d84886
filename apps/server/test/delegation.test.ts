import { IDENTITY_MESSAGES, PLATFORM_APP_ID } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles } from '../src/db/schema/index.ts';
import { createApplication, put } from './fixtures.ts';
import { build, type CreateRoleInput, en, type TestContext } from './helper.ts';

/**
 * Delegation that cannot escalate: the attempts of a user manager who is not an
 * administrator, and of managers whose grants are limited to application A, to reach
 * beyond A or beyond their own rights. Every one is refused, and nothing changes.
 */
let t: TestContext;
let admin: string;
let appA: string;
let appB: string;
let adminRoleId: string;
let permA: string;
let permB: string;
let clientB: { acId: string };
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  appA = await createApplication(t.db, 'deleg-a');
  appB = await createApplication(t.db, 'deleg-b');
  const [builtin] = await t.db.select().from(roles).where(eq(roles.builtin, true));
  adminRoleId = builtin!.roleId;
  const permission = async (applicationId: string) =>
    (
      await t.post(
        '/api/admin-service/permission/createPermission',
        { name: 'Orders', id: 'orders', resourceType: 'API', applicationId },
        admin,
      )
    ).json().resourceId as string;
  permA = await permission(appA);
  permB = await permission(appB);
  clientB = (await t.post(CLIENT, { clientName: 'b', applicationId: appB }, admin)).json();
});

const V2 = '/api/admin-service/v2';
const USER = `${V2}/user`;
const ROLE = `${V2}/role`;
const GROUP = `${V2}/group`;
const CLIENT = `${V2}/application/client`;
const del = (url: string, token: string) =>
  t.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

async function signedIn(...roleInputs: CreateRoleInput[]) {
  const held = [];
  for (const input of roleInputs) held.push(await t.createRole(input));
  const user = await t.createUser({ roleIds: held.map((r) => r.roleId) });
  return { user, roles: held, token: await t.login(user.username, user.password) };
}

const grantsOf = async (roleId: string) => (await t.get(`${ROLE}/${roleId}/grants`, admin)).json();

describe('the administrator boundary', () => {
  it('a user manager cannot change an administrator’s email, sessions, groups, status or 2FA', async () => {
    const manager = await signedIn({
      permissions: [{ permissionId: 'admin-setting.manage-user', actions: ['retrieve', 'update'] }],
    });
    const other = await t.createUser({ roleIds: [adminRoleId] });
    const otherToken = await t.login(other.username, other.password);
    const group = (await t.post(GROUP, { name: 'g', code: 'boundary-g' }, admin)).json();
    const before = (await t.get(`${USER}/${other.userId}`, admin)).json();
    const attempts = [
      await put(
        t,
        USER,
        { userId: other.userId, name: 'Taken', email: 'attacker@example.test' },
        manager.token,
      ),
      await del(`${USER}/${other.userId}/sessions`, manager.token),
      await put(t, `${USER}/${other.userId}/groups`, { groupIds: [group.groupId] }, manager.token),
      await put(t, `${USER}/${other.userId}/password`, {}, manager.token),
      await t.post(`${USER}/${other.userId}/password/expire`, undefined, manager.token),
      await del(`${USER}/${other.userId}/two-factor`, manager.token),
    ];
    for (const [i, res] of attempts.entries()) {
      expect(res.statusCode, `attempt ${i}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(en(IDENTITY_MESSAGES.administratorOnly));
    }
    expect((await t.get(`${USER}/${other.userId}`, admin)).json()).toEqual(before);
    expect((await t.get('/api/admin-service/user/current', otherToken)).statusCode).toBe(200);
    // The administrator may.
    const edited = await put(
      t,
      USER,
      { userId: other.userId, name: 'Second', email: 'second@example.test' },
      admin,
    );
    expect(edited.statusCode).toBe(200);
  });

  it('an account with console rights beyond the manager’s is changed only by one who holds them', async () => {
    const manager = await signedIn({
      permissions: [{ permissionId: 'admin-setting.manage-user', actions: ['retrieve', 'update'] }],
    });
    const roleManager = await signedIn({
      permissions: [{ permissionId: 'admin-setting.manage-role', actions: ['retrieve', 'update'] }],
    });
    const res = await put(t, `${USER}/${roleManager.user.userId}/password`, {}, manager.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/console rights you do not hold \(admin-setting\.manage-role/);
    // A peer holding no more than the manager is theirs to manage.
    const peer = await signedIn({
      permissions: [{ permissionId: 'admin-setting.manage-user', actions: ['retrieve'] }],
    });
    expect((await put(t, `${USER}/${peer.user.userId}/password`, {}, manager.token)).statusCode).toBe(200);
  });
});

describe('a grant limited to some applications limits role and user management', () => {
  it('a role manager limited to A cannot widen its own role, reach B, or give what it lacks', async () => {
    const manager = await signedIn({
      permissions: [
        {
          permissionId: 'admin-setting.manage-role',
          actions: ['retrieve', 'update'],
          applicationIds: [appA],
        },
        { permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appA] },
      ],
    });
    const own = manager.roles[0]!;
    const ownBefore = await grantsOf(own.roleId);
    const unlimited = { ...ownBefore };
    unlimited.permissions = [
      ...ownBefore.permissions.filter(
        (p: { permissionId: string }) => p.permissionId !== 'app-config.client',
      ),
      {
        applicationId: PLATFORM_APP_ID,
        permissionId: 'app-config.client',
        actionEntitySet: ['create', 'update', 'retrieve', 'delete'],
      },
    ];
    const refused = [
      // Its own role, widened: unlimited client rights and manage-role, and B's permission.
      await put(t, `${ROLE}/${own.roleId}/grants`, unlimited, manager.token),
      await put(
        t,
        `${ROLE}/${own.roleId}/grants`,
        {
          ...ownBefore,
          permissions: [
            ...ownBefore.permissions,
            { applicationId: appB, permissionId: 'orders', actionEntitySet: ['retrieve'] },
          ],
        },
        manager.token,
      ),
    ];
    // Another role, within A: what the manager does not hold itself.
    const target = (await t.post(ROLE, { name: 'A role', code: 'deleg-a-role' }, admin)).json();
    refused.push(
      await put(
        t,
        `${ROLE}/${target.roleId}/grants`,
        {
          permissions: [
            {
              applicationId: PLATFORM_APP_ID,
              permissionId: 'app-config.client',
              actionEntitySet: ['update'],
              applicationIds: [appA],
            },
          ],
          resources: [],
        },
        manager.token,
      ),
      await put(
        t,
        `${ROLE}/${target.roleId}/grants`,
        {
          permissions: [{ applicationId: appA, permissionId: 'orders', actionEntitySet: ['retrieve'] }],
          resources: [],
        },
        manager.token,
      ),
    );
    for (const [i, res] of refused.entries()) expect(res.statusCode, `attempt ${i}: ${res.body}`).toBe(403);
    expect(await grantsOf(own.roleId)).toEqual(ownBefore);
    expect(await grantsOf(target.roleId)).toEqual({ permissions: [], resources: [] });
    // The secret of B's client is out of its reach, as before.
    const rotate = await t.post(`${CLIENT}/${clientB.acId}/secret`, undefined, manager.token);
    expect(rotate.statusCode).toBe(403);
    // What it holds, within A, it may give to another role.
    const ok = await put(
      t,
      `${ROLE}/${target.roleId}/grants`,
      {
        permissions: [
          {
            applicationId: PLATFORM_APP_ID,
            permissionId: 'app-config.client',
            actionEntitySet: ['retrieve'],
            applicationIds: [appA],
          },
        ],
        resources: [],
      },
      manager.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    // A role reaching B is outside its applications, even to read it out of existence.
    const wide = (await t.post(ROLE, { name: 'B role', code: 'deleg-b-role' }, admin)).json();
    await put(
      t,
      `${ROLE}/${wide.roleId}/grants`,
      {
        permissions: [{ applicationId: appB, permissionId: 'orders', actionEntitySet: ['retrieve'] }],
        resources: [],
      },
      admin,
    );
    const outside = await put(t, `${ROLE}/${wide.roleId}/status`, { status: 'DISABLED' }, manager.token);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(en(IDENTITY_MESSAGES.outsideScope('role')));
  });

  it('a user manager limited to A cannot reset a user of B, nor give itself another’s role', async () => {
    const roleManagerRole = await t.createRole({
      permissions: [
        {
          permissionId: 'admin-setting.manage-role',
          actions: ['retrieve', 'update'],
          applicationIds: [appA],
        },
      ],
    });
    const manager = await signedIn({
      permissions: [
        {
          permissionId: 'admin-setting.manage-user',
          actions: ['retrieve', 'update'],
          applicationIds: [appA],
        },
      ],
    });
    const bRole = (await t.post(ROLE, { name: 'B user', code: 'deleg-b-user' }, admin)).json();
    await put(
      t,
      `${ROLE}/${bRole.roleId}/grants`,
      {
        permissions: [{ applicationId: appB, permissionId: 'orders', actionEntitySet: ['retrieve'] }],
        resources: [],
      },
      admin,
    );
    const bUser = await t.createUser({ roleIds: [bRole.roleId] });
    const own = manager.roles[0]!.roleId;
    const attempts = [
      await put(t, `${USER}/${bUser.userId}/password`, {}, manager.token),
      await put(
        t,
        `${USER}/${manager.user.userId}/roles`,
        { roleIds: [own, roleManagerRole.roleId] },
        manager.token,
      ),
    ];
    for (const [i, res] of attempts.entries()) expect(res.statusCode, `attempt ${i}: ${res.body}`).toBe(403);
    const membership = (await t.get(`${USER}/${manager.user.userId}/membership`, admin)).json();
    expect(membership.roles.map((r: { id: string }) => r.id)).toEqual([own]);
    // A user within A (no role outside it) is the manager's to reset.
    const plain = await t.createUser();
    expect((await put(t, `${USER}/${plain.userId}/password`, {}, manager.token)).statusCode).toBe(200);
  });

  it('an access-control entry gives only what its author holds', async () => {
    const manager = await signedIn({
      permissions: [
        {
          permissionId: 'admin-setting.application',
          actions: ['create', 'retrieve', 'update'],
          applicationIds: [appA],
        },
      ],
    });
    const entry = {
      applicationId: appA,
      subjectType: 'USER',
      subjectId: manager.user.userId,
      targetType: 'PERMISSION',
      targetId: permA,
      actions: ['delete'],
    };
    const res = await t.post(`${V2}/application/acl`, entry, manager.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/you do not hold orders \(delete\) in deleg-a/);
    // B stays out of reach whatever it names.
    const inB = await t.post(
      `${V2}/application/acl`,
      { ...entry, applicationId: appB, targetId: permB },
      manager.token,
    );
    expect(inB.statusCode).toBe(403);
  });
});

describe('what the console is told, to offer only what delegation allows', () => {
  it('lists say per user, role and group whether the caller may change it or hand it out', async () => {
    const limited = [
      {
        permissionId: '',
        actions: ['retrieve', 'update'] as ('retrieve' | 'update')[],
        applicationIds: [appA],
      },
    ];
    const manager = await signedIn({
      permissions: [
        'admin-setting.manage-user',
        'admin-setting.manage-role',
        'admin-setting.manage-group',
      ].map((permissionId) => ({ ...limited[0]!, permissionId })),
    });
    const own = manager.roles[0]!;
    await put(
      t,
      `${ROLE}/${own.roleId}/grants`,
      {
        ...(await grantsOf(own.roleId)),
        permissions: [
          ...(await grantsOf(own.roleId)).permissions,
          { applicationId: appA, permissionId: 'orders', actionEntitySet: ['retrieve'] },
        ],
      },
      admin,
    );
    const roleWith = async (code: string, actions: string[], applicationId = appA) => {
      const role = (await t.post(ROLE, { name: code, code }, admin)).json();
      await put(
        t,
        `${ROLE}/${role.roleId}/grants`,
        { permissions: [{ applicationId, permissionId: 'orders', actionEntitySet: actions }], resources: [] },
        admin,
      );
      return role.roleId as string;
    };
    const readA = await roleWith('flags-read-a', ['retrieve']);
    const deleteA = await roleWith('flags-delete-a', ['delete']);
    const readB = await roleWith('flags-read-b', ['retrieve'], appB);
    const token = (await t.login(manager.user.username, manager.user.password)) as string;

    const roleFlags = new Map(
      (await t.get(`${ROLE}?size=100`, token)).json().content.map((r: { roleId: string }) => [r.roleId, r]),
    );
    expect(roleFlags.get(readA)).toMatchObject({ manageable: true, assignable: true, held: false });
    expect(roleFlags.get(deleteA)).toMatchObject({ manageable: true, assignable: false, held: false });
    expect(roleFlags.get(readB)).toMatchObject({ manageable: false, assignable: false });
    expect(roleFlags.get(adminRoleId)).toMatchObject({ manageable: false, assignable: false });
    expect(roleFlags.get(own.roleId)).toMatchObject({ held: true });
    expect((await t.get(`${ROLE}/${readB}`, token)).json()).toMatchObject({ manageable: false });

    const bUser = await t.createUser({ roleIds: [readB] });
    const aUser = await t.createUser({ roleIds: [readA] });
    const userFlags = new Map(
      (await t.get(`${USER}?size=100`, token)).json().content.map((u: { userId: string }) => [u.userId, u]),
    );
    expect(userFlags.get(aUser.userId)).toMatchObject({ manageable: true });
    expect(userFlags.get(bUser.userId)).toMatchObject({ manageable: false });
    const adminId = (await t.get('/api/admin-service/user/current', admin)).json().userId;
    expect(userFlags.get(adminId)).toMatchObject({ manageable: false });

    const groupB = (await t.post(GROUP, { name: 'gb', code: 'flags-group-b' }, admin)).json();
    await put(t, `${GROUP}/${groupB.groupId}/roles`, { roleIds: [readB] }, admin);
    const groupA = (await t.post(GROUP, { name: 'ga', code: 'flags-group-a' }, admin)).json();
    await put(t, `${GROUP}/${groupA.groupId}/roles`, { roleIds: [readA] }, admin);
    const groupFlags = new Map(
      (await t.get(`${GROUP}?size=100`, token))
        .json()
        .content.map((g: { groupId: string }) => [g.groupId, g]),
    );
    expect(groupFlags.get(groupA.groupId)).toMatchObject({ manageable: true, assignable: true });
    expect(groupFlags.get(groupB.groupId)).toMatchObject({ manageable: false, assignable: false });
    // A group with an administrator among its members: its roles are theirs.
    await put(t, `${GROUP}/${groupA.groupId}/members`, { userIds: [adminId] }, admin);
    expect((await t.get(`${GROUP}/${groupA.groupId}`, token)).json()).toMatchObject({ manageable: false });
    const refused = await put(t, `${GROUP}/${groupA.groupId}/roles`, { roleIds: [] }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(en(IDENTITY_MESSAGES.administratorOnly));

    // The administrator may do all of it.
    const asAdmin = (await t.get(`${ROLE}/${readB}`, admin)).json();
    expect(asAdmin).toMatchObject({ manageable: true, assignable: true });
  });

  it("the caller's holdings: each action's applications, other applications' permissions, resources", async () => {
    const manager = await signedIn({
      permissions: [
        {
          permissionId: 'admin-setting.manage-role',
          actions: ['retrieve', 'update'],
          applicationIds: [appA],
        },
        { permissionId: 'app-config.client', actions: ['retrieve'] },
      ],
    });
    await t.db.insert(rolePermissions).values({
      roleId: manager.roles[0]!.roleId,
      applicationId: appB,
      permissionId: 'orders',
      actions: ['delete', 'retrieve'],
    });
    const held = (await t.get('/api/admin-service/user/holdings', manager.token)).json();
    expect(held.administrator).toBe(false);
    expect(held.platform).toEqual(
      expect.arrayContaining([
        {
          permissionId: 'admin-setting.manage-role',
          actions: [
            { action: 'update', applicationIds: [appA] },
            { action: 'retrieve', applicationIds: [appA] },
          ],
        },
        { permissionId: 'app-config.client', actions: [{ action: 'retrieve', applicationIds: null }] },
      ]),
    );
    expect(held.permissions).toEqual([
      { applicationId: appB, permissionId: 'orders', actions: ['retrieve', 'delete'] },
    ]);
    expect(held.resources).toEqual([]);
    expect((await t.get('/api/admin-service/user/holdings', admin)).json()).toMatchObject({
      administrator: true,
    });
  });
});
