import {
  AUDIT_PERMISSION_ID,
  actionsOf,
  ERROR_CODES,
  HTTP_STATUS_MESSAGES,
  PLATFORM_APP_ID,
  type ServerMenuItem,
} from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createApplication, put, query } from './fixtures.ts';
import { build, type CreateRoleInput, en, TEST_DB, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let appA: string;
let appB: string;
let clientA: string;
let clientB: string;
let nodeA: string;
let nodeB: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  appA = await createApplication(t.db, 'scope-a');
  appB = await createApplication(t.db, 'scope-b');
  const client = async (applicationId: string) =>
    (await t.post(CLIENT, { clientName: `c-${applicationId}`, applicationId }, admin)).json().acId as string;
  clientA = await client(appA);
  clientB = await client(appB);
  const node = async (applicationId: string) =>
    (
      await t.post(
        '/api/admin-service/resource',
        { name: 'Root', id: 'root', type: 'CATEGORY', order: 1, status: 'ENABLED', applicationId },
        admin,
      )
    ).json().resourceId as string;
  nodeA = await node(appA);
  nodeB = await node(appB);
});

const CLIENT = '/api/admin-service/v2/application/client';
const APPLICATION = '/api/admin-service/v2/application';
const MENUS = '/api/oauth2-server/authorization/menus';

async function tokenFor(...roles: CreateRoleInput[]): Promise<string> {
  const created = [];
  for (const role of roles) created.push(await t.createRole(role));
  const user = await t.createUser({ roleIds: created.map((r) => r.roleId) });
  return t.login(user.username, user.password);
}

describe('delegated administration: a grant limited to some applications', () => {
  it('reads only its applications, by name, by record key, and in the application list', async () => {
    const token = await tokenFor({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appA] }],
    });
    expect((await t.get(`${CLIENT}?applicationId=${appA}`, token)).statusCode).toBe(200);
    const denied = await t.get(`${CLIENT}?applicationId=${appB}`, token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      code: ERROR_CODES.FORBIDDEN,
      message: en(HTTP_STATUS_MESSAGES[403]!),
    });
    expect((await t.get(`${CLIENT}/${clientA}`, token)).statusCode).toBe(200);
    expect((await t.get(`${CLIENT}/${clientB}`, token)).statusCode).toBe(403);
    expect(
      (await t.get(`/api/admin-service/applicationClient/getClientList?applicationId=${appB}`, token))
        .statusCode,
    ).toBe(403);

    const apps = (await t.get(`${APPLICATION}?size=100`, token)).json();
    expect(apps.content.map((a: { applicationId: string }) => a.applicationId)).toEqual([appA]);
    expect(apps.totalElements).toBe(1);
    // The list's applicationId is a search filter: matching nothing in scope answers empty.
    expect((await t.get(`${APPLICATION}?${query({ applicationId: appB })}`, token)).json().content).toEqual(
      [],
    );
    expect((await t.get(`${APPLICATION}/${appA}`, token)).statusCode).toBe(200);
    expect((await t.get(`${APPLICATION}/${appB}`, token)).statusCode).toBe(403);
    expect((await t.get(`${APPLICATION}/${PLATFORM_APP_ID}`, token)).statusCode).toBe(403);
  });

  it('writes only in its applications, including routes that address a record by its key', async () => {
    const token = await tokenFor({
      permissions: [
        {
          permissionId: 'app-config.client',
          actions: ['create', 'update', 'retrieve'],
          applicationIds: [appA],
        },
        { permissionId: 'app-config.resource', actions: ['retrieve', 'update'], applicationIds: [appA] },
      ],
    });
    expect((await t.post(CLIENT, { clientName: 'mine', applicationId: appA }, token)).statusCode).toBe(201);
    expect((await t.post(CLIENT, { clientName: 'theirs', applicationId: appB }, token)).statusCode).toBe(403);
    expect((await put(t, CLIENT, { acId: clientA, clientName: 'renamed' }, token)).statusCode).toBe(200);
    expect((await put(t, CLIENT, { acId: clientB, clientName: 'renamed' }, token)).statusCode).toBe(403);
    expect((await put(t, `${CLIENT}/status`, { acId: clientB, status: 'DISABLED' }, token)).statusCode).toBe(
      403,
    );
    const toggle = '/api/admin-service/applicationClient/updateClientStatus';
    expect((await put(t, `${toggle}?acId=${clientB}`, undefined, token)).statusCode).toBe(403);
    expect((await put(t, `${toggle}?acId=${clientA}`, undefined, token)).statusCode).toBe(200);
    expect((await t.get(`/api/admin-service/resources/${nodeA}`, token)).statusCode).toBe(200);
    expect((await t.get(`/api/admin-service/resources/${nodeB}`, token)).statusCode).toBe(403);
    // A resource update names its application; the record must also be in it (a 400 otherwise).
    const update = {
      resourceId: nodeB,
      name: 'x',
      id: 'root',
      type: 'CATEGORY',
      order: 1,
      status: 'ENABLED',
    };
    expect(
      (await put(t, '/api/admin-service/resource', { ...update, applicationId: appB }, token)).statusCode,
    ).toBe(403);
    expect(
      (await put(t, '/api/admin-service/resource', { ...update, applicationId: appA }, token)).statusCode,
    ).toBe(400);
    // Nothing of appB changed.
    expect((await t.get(`${CLIENT}/${clientB}`, admin)).json()).toMatchObject({
      clientName: `c-${appB}`,
      status: 'ENABLED',
    });
  });

  it("a role manager limited to A reads the platform's tree too, which a role may grant whatever its scope", async () => {
    const RESOURCES = '/api/admin-service/resources';
    const roleManager = await tokenFor({
      permissions: [
        {
          permissionId: 'admin-setting.manage-role',
          actions: ['retrieve', 'update'],
          applicationIds: [appA],
        },
      ],
    });
    const platform = await t.get(`${RESOURCES}?${query({ applicationId: PLATFORM_APP_ID })}`, roleManager);
    expect(platform.statusCode).toBe(200);
    const [category] = platform.json().content as { resourceId: string }[];
    expect(category).toBeDefined();
    expect((await t.get(`${RESOURCES}/${category!.resourceId}`, roleManager)).statusCode).toBe(200);
    expect((await t.get(`${RESOURCES}?${query({ applicationId: appA })}`, roleManager)).statusCode).toBe(200);
    expect((await t.get(`${RESOURCES}?${query({ applicationId: appB })}`, roleManager)).statusCode).toBe(403);
    expect((await t.get(`${RESOURCES}/${nodeB}`, roleManager)).statusCode).toBe(403);
    // The resource screen's own right stays within its applications.
    const resourceReader = await tokenFor({
      permissions: [{ permissionId: 'app-config.resource', actions: ['retrieve'], applicationIds: [appA] }],
    });
    const denied = await t.get(`${RESOURCES}?${query({ applicationId: PLATFORM_APP_ID })}`, resourceReader);
    expect(denied.statusCode).toBe(403);
    expect((await t.get(`${RESOURCES}/${category!.resourceId}`, resourceReader)).statusCode).toBe(403);
    expect((await t.get(`${RESOURCES}?${query({ applicationId: appA })}`, resourceReader)).statusCode).toBe(
      200,
    );
  });

  it('merges scopes per action over the roles and groups a user holds', async () => {
    const token = await tokenFor(
      { permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appA] }] },
      { permissions: [{ permissionId: 'app-config.client', actions: ['update'] }] },
    );
    // Update reaches every application; retrieve only appA.
    expect((await put(t, CLIENT, { acId: clientB, clientName: `c-${appB}` }, token)).statusCode).toBe(200);
    expect((await t.get(`${CLIENT}/${clientB}`, token)).statusCode).toBe(403);
    const both = await tokenFor(
      { permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appA] }] },
      { permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appB] }] },
    );
    expect((await t.get(`${CLIENT}/${clientA}`, both)).statusCode).toBe(200);
    expect((await t.get(`${CLIENT}/${clientB}`, both)).statusCode).toBe(200);
    const none = await tokenFor({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [] }],
    });
    expect((await t.get(`${CLIENT}/${clientA}`, none)).statusCode).toBe(403);
    expect((await t.get(`${APPLICATION}`, none)).json().content).toEqual([]);
  });

  it('a grant set through the API carries its scope', async () => {
    const role = (
      await t.post('/api/admin-service/v2/role', { name: 'Team A', code: 'team-a' }, admin)
    ).json();
    await put(
      t,
      `/api/admin-service/v2/role/${role.roleId}/grants`,
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
      admin,
    );
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);
    expect((await t.get(`${CLIENT}?applicationId=${appA}`, token)).statusCode).toBe(200);
    expect((await t.get(`${CLIENT}?applicationId=${appB}`, token)).statusCode).toBe(403);
  });
});

describe('the caller is resolved once, then kept until the database announces a change', () => {
  const readsOf = () => vi.spyOn(t.app.services.sessions, 'readCaller');

  it('reads the session and the grants for the first request of a token, not for the next ones', async () => {
    const token = await t.login();
    const spy = readsOf();
    try {
      await t.get(`${CLIENT}?applicationId=${appA}`, token);
      expect(spy).toHaveBeenCalledTimes(1);
      await t.get(`${CLIENT}?applicationId=${appA}`, token);
      await t.get(`${CLIENT}?applicationId=${appB}`, token);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('takes a role away at once, whether through the API or straight in the database', async () => {
    const role = await t.createRole({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'] }],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);
    const list = () => t.get(`${CLIENT}?applicationId=${appA}`, token);
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);

    // Through the API: the role disabled, the next request of its holder is refused.
    await put(t, `/api/admin-service/v2/role/${role.roleId}/status`, { status: 'DISABLED' }, admin);
    expect((await list()).statusCode).toBe(403);
    await put(t, `/api/admin-service/v2/role/${role.roleId}/status`, { status: 'ENABLED' }, admin);
    expect((await list()).statusCode).toBe(200);

    // Straight in the database, as another tool would: the trigger's notice empties the cache.
    await t.db.execute(sql`update users set status = 'DISABLED' where user_id = ${user.userId}`);
    await expect.poll(async () => (await list()).statusCode, { interval: 5, timeout: 2_000 }).toBe(401);
  });

  // Two instances share a database only on PostgreSQL; PGlite is one process's own.
  if (TEST_DB === 'postgres')
    it('ends a session on another instance as soon as it is signed out here', async () => {
      const handle = await openDatabase({ kind: 'postgres', url: t.databaseUrl!, max: 2 });
      const other = buildApp({
        db: handle.db,
        listen: handle.listen,
        logger: false,
        config: { webDir: '/nonexistent-web-dir' },
      });
      await other.ready();
      try {
        const token = await t.login();
        const there = () =>
          other.inject({
            method: 'GET',
            url: `${CLIENT}?applicationId=${appA}`,
            headers: { authorization: `Bearer ${token}` },
          });
        expect((await there()).statusCode).toBe(200);
        expect(other.services.sessions.cache.size).toBe(1);
        await t.post('/api/oauth2-server/logout', undefined, token);
        const started = Date.now();
        await expect.poll(async () => (await there()).statusCode, { interval: 2, timeout: 1_000 }).toBe(401);
        expect(Date.now() - started).toBeLessThan(1_000);
      } finally {
        await other.close();
        await handle.close();
      }
    });
});

describe('what a user sees: the login result and the menus', () => {
  it("the login result's role carries the permissions of their roles and their groups' roles", async () => {
    const own = await t.createRole({
      name: 'Own',
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'] }],
    });
    const viaGroup = await t.createRole({
      name: 'Via group',
      permissions: [
        { permissionId: 'app-config.client', actions: ['update'] },
        { permissionId: 'app-config.resource', actions: ['retrieve'] },
      ],
    });
    const group = (await t.post('/api/admin-service/v2/group', { name: 'G', code: 'g-login' }, admin)).json();
    await put(t, `/api/admin-service/v2/group/${group.groupId}/roles`, { roleIds: [viaGroup.roleId] }, admin);
    const user = await t.createUser({ roleIds: [own.roleId] });
    await put(t, `/api/admin-service/v2/group/${group.groupId}/members`, { userIds: [user.userId] }, admin);
    const login = await t.post('/api/oauth2-server/login', {
      username: user.username,
      password: user.password,
    });
    const info = login.json().result.userInfo;
    expect(info.roles.sort()).toEqual(['Own', 'Via group']);
    expect(info.role.permissions).toEqual([
      { permissionId: 'app-config.client', actionEntitySet: ['update', 'retrieve'] },
      { permissionId: 'app-config.resource', actionEntitySet: ['retrieve'] },
    ]);
  });

  it('the Administrator holds every platform permission; its menus follow the whole platform tree', async () => {
    const info = (await t.get('/api/admin-service/user/current', admin)).json();
    const ids = info.role.permissions.map((p: { permissionId: string }) => p.permissionId);
    for (const id of [
      'admin-setting.manage-user',
      'admin-setting.manage-group',
      'admin-setting.manage-role',
      'admin-setting.manage-organization',
      'app-config.client',
    ]) {
      expect(ids).toContain(id);
    }
    // Each with every action its area offers: the four of spec §6, or the Audit Log's own two.
    for (const p of info.role.permissions as { permissionId: string; actionEntitySet: string[] }[])
      expect([...p.actionEntitySet].sort(), p.permissionId).toEqual(
        [...actionsOf(PLATFORM_APP_ID, p.permissionId)].sort(),
      );
    const audit = info.role.permissions.find(
      (p: { permissionId: string }) => p.permissionId === AUDIT_PERMISSION_ID,
    );
    expect([...audit.actionEntitySet].sort()).toEqual(['export', 'retrieve']);

    // A menu an administrator adds to the platform application shows in the navigation.
    const identity = (
      await t.get(
        `/api/admin-service/resources?${query({ applicationId: PLATFORM_APP_ID, id: 'identity', size: 1 })}`,
        admin,
      )
    ).json().content[0];
    const added = await t.post(
      '/api/admin-service/resource',
      {
        name: 'Access reviews',
        id: 'admin-setting.access-review',
        type: 'MENU',
        url: '/admin-setting/access-review',
        order: 99,
        status: 'ENABLED',
        applicationId: PLATFORM_APP_ID,
        parentId: identity.resourceId,
      },
      admin,
    );
    expect(added.statusCode).toBe(201);
    const items = (await t.get(MENUS, admin)).json() as ServerMenuItem[];
    const identityMenu = items.find((i) => i.menuPath === '/identity')!;
    expect(identityMenu.children.at(-1)).toMatchObject({
      menuPath: '/admin-setting/access-review',
      menuName: 'Access reviews',
    });

    // A role sees it once granted, through a grant set on the role.
    const role = (
      await t.post('/api/admin-service/v2/role', { name: 'Reviewer', code: 'reviewer' }, admin)
    ).json();
    await put(
      t,
      `/api/admin-service/v2/role/${role.roleId}/grants`,
      { permissions: [], resources: [identity.resourceId, added.json().resourceId] },
      admin,
    );
    const user = await t.createUser({ roleIds: [role.roleId] });
    const mine = (await t.get(MENUS, await t.login(user.username, user.password))).json() as ServerMenuItem[];
    expect(mine).toEqual([
      {
        menuPath: '/identity',
        menuName: 'Identity',
        icon: 'TeamOutlined',
        hidden: false,
        elements: [],
        children: [
          {
            menuPath: '/admin-setting/access-review',
            menuName: 'Access reviews',
            icon: null,
            hidden: false,
            elements: [],
            children: [],
          },
        ],
      },
    ]);
  });

  it('a disabled role or group shows no menus', async () => {
    const role = await t.createRole({ resourceCodes: ['home', 'dashboard'] });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);
    expect(((await t.get(MENUS, token)).json() as ServerMenuItem[]).map((i) => i.menuPath)).toEqual([
      '/home',
    ]);
    await put(t, `/api/admin-service/v2/role/${role.roleId}/status`, { status: 'DISABLED' }, admin);
    expect((await t.get(MENUS, token)).json()).toEqual([]);
  });
});
