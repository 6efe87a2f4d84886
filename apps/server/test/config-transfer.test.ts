/**
 * Export and import of an application's configuration (issue 29): a round trip of every kind
 * of record into an empty database, the preview, all or nothing, and delegation.
 */
import type { ApplicationDocument, ImportPreview } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApplication } from './fixtures.ts';
import { build, type TestContext } from './helper.ts';

/** Two databases and some sixty requests a test: more than the default on a loaded machine. */
const SLOW = { timeout: 180_000 };

const V2 = '/api/admin-service/v2';
const exportUrl = (appId: string) => `${V2}/application/${appId}/config-export`;
const previewUrl = (appId: string) => `${V2}/application/${appId}/config-import/preview`;
const importUrl = (appId: string) => `${V2}/application/${appId}/config-import`;

async function call(t: TestContext, method: 'POST' | 'PUT', url: string, body: unknown, token: string) {
  const res = await t.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** An application with one or more records of every kind, made through the API. */
async function furnish(t: TestContext, token: string, applicationId: string) {
  const api = (method: 'POST' | 'PUT', url: string, body: unknown) => call(t, method, url, body, token);
  const product = await api('POST', `${V2}/product`, { name: 'Shop', code: 'shop' });
  await createApplication(t.db, applicationId, 'Orders');
  await api('PUT', `${V2}/application`, {
    applicationId,
    productId: product.productId,
    description: 'The orders',
  });
  const read = await api('POST', '/api/admin-service/permission/createPermission', {
    name: 'Read orders',
    id: 'orders.read',
    resourceType: 'API',
    applicationId,
  });
  await api('POST', '/api/admin-service/permission/createPermission', {
    name: 'Write orders',
    id: 'orders.write',
    resourceType: 'API',
    applicationId,
  });
  const category = await api('POST', '/api/admin-service/resource', {
    name: 'Sales',
    id: 'sales',
    type: 'CATEGORY',
    order: 1,
    status: 'ENABLED',
    applicationId,
    icon: 'ShopOutlined',
  });
  const menu = await api('POST', '/api/admin-service/resource', {
    name: 'Orders',
    id: 'orders',
    type: 'MENU',
    url: '/orders',
    order: 2,
    status: 'ENABLED',
    applicationId,
    parentId: category.resourceId,
  });
  const button = await api('POST', '/api/admin-service/resource', {
    name: 'Refund',
    id: 'orders:refund',
    type: 'ELEMENT',
    order: 3,
    status: 'DISABLED',
    applicationId,
    parentId: menu.resourceId,
  });
  const object = await api('POST', `${V2}/object`, {
    applicationId,
    name: 'Order',
    code: 'order',
    fields: [{ name: 'total', type: 'NUMBER', required: true }],
  });
  const set = await api('POST', `${V2}/set`, {
    applicationId,
    objectId: object.objectId,
    name: 'Big ones',
    code: 'big',
    members: ['o-1', 'o-2'],
  });
  await api('POST', '/api/admin-service/data/access', {
    name: 'Big orders',
    id: 'big-orders',
    category: 'sales',
    applicationId,
    objectId: object.objectId,
    setId: set.setId,
  });
  await api('POST', '/api/admin-service/data/access', {
    name: 'All',
    id: 'all',
    category: 'any',
    applicationId,
  });
  const confidential = await api('POST', `${V2}/application/client`, {
    clientName: 'Backend',
    applicationId,
    backchannelLogoutUri: 'https://orders.example.com/logout',
    backchannelLogoutSessionRequired: true,
  });
  await api('POST', `${V2}/application/client`, {
    clientName: 'SPA',
    applicationId,
    clientType: 'PUBLIC',
    redirectUrl: 'https://orders.example.com/callback',
    webOrigins: ['https://shop.example.com'],
  });
  const role = await api('POST', `${V2}/role`, { name: 'Clerk', code: 'clerk', description: 'Takes orders' });
  await api('PUT', `${V2}/role/${role.roleId}/grants`, {
    permissions: [{ applicationId, permissionId: 'orders.read', actionEntitySet: ['retrieve', 'create'] }],
    resources: [menu.resourceId, button.resourceId],
  });
  const viewer = await api('POST', `${V2}/role`, { name: 'Viewer', code: 'viewer' });
  const user = await t.createUser({ username: 'carol' });
  const group = await api('POST', `${V2}/group`, { name: 'Desk', code: 'desk' });
  for (const [subjectType, subjectId, targetType, targetId] of [
    ['ROLE', viewer.roleId, 'PERMISSION', read.resourceId],
    ['CLIENT', confidential.acId, 'RESOURCE', menu.resourceId],
    ['USER', user.userId, 'PERMISSION', read.resourceId],
    ['GROUP', group.groupId, 'RESOURCE', category.resourceId],
  ])
    await api('POST', `${V2}/application/acl`, {
      applicationId,
      subjectType,
      subjectId,
      targetType,
      targetId,
      actions: ['retrieve'],
    });
  await api('POST', `${V2}/application/api`, {
    applicationId,
    method: 'GET',
    pathPattern: '/orders/{id}',
    description: 'One order',
    permissionIds: [read.resourceId],
  });
  const page = await api('POST', `${V2}/application/pages`, {
    applicationId,
    name: 'Orders',
    route: '/orders',
  });
  await api('POST', `${V2}/application/pages/${page.pageId}/elements`, {
    code: 'refund',
    name: 'Refund',
    roleIds: [role.roleId],
  });
  const dictionary = await api('POST', `${V2}/dictionary`, {
    applicationId,
    name: 'Channels',
    code: 'channel',
  });
  await api('POST', `${V2}/dictionary/item`, {
    dictionaryId: dictionary.dictionaryId,
    code: 'web',
    labelEn: 'Web',
    labelZh: '网页',
  });
}

const withoutTime = ({ exportedAt: _, ...rest }: ApplicationDocument) => rest;

describe('an application configuration', SLOW, () => {
  it('round-trips every kind of record through an empty database, identical', async () => {
    const source = await build();
    const admin = await source.login();
    await furnish(source, admin, 'orders');
    const exported = await source.get(exportUrl('orders'), admin);
    expect(exported.statusCode).toBe(200);
    const document = exported.json() as ApplicationDocument;
    expect(document).toMatchObject({ format: 'gatehouse.application', version: 1 });
    // Every kind is there, and no secret is.
    for (const list of [
      'dataAccesses',
      'permissions',
      'resources',
      'clients',
      'acl',
      'apis',
      'pages',
      'objects',
      'dictionaries',
      'roles',
    ] as const)
      expect(document[list].length, list).toBeGreaterThan(0);
    expect(document.acl).toHaveLength(4);
    expect(document.clients.find((c) => c.clientName === 'SPA')?.webOrigins).toEqual([
      'https://shop.example.com',
    ]);
    expect(document.clients.find((c) => c.clientName === 'Backend')).toMatchObject({
      backchannelLogoutUri: 'https://orders.example.com/logout',
      backchannelLogoutSessionRequired: true,
    });
    expect(JSON.stringify(document)).not.toMatch(/secret/i);

    // The target has the user, group and product the document names, but nothing else.
    const target = await build();
    const targetAdmin = await target.login();
    await target.createUser({ username: 'carol' });
    await call(target, 'POST', `${V2}/group`, { name: 'Desk', code: 'desk' }, targetAdmin);
    await call(target, 'POST', `${V2}/product`, { name: 'Shop', code: 'shop' }, targetAdmin);
    const preview = (await call(
      target,
      'POST',
      previewUrl('orders'),
      document,
      targetAdmin,
    )) as ImportPreview;
    expect(preview.conflicts).toEqual([]);
    expect(preview.applicable).toBe(true);
    expect(preview.warnings.map((w) => [w.kind, w.key])).toEqual([['client', 'transfer.secretNeeded']]);
    const dataAccesses = preview.changes.find((c) => c.kind === 'dataAccess')!;
    expect(dataAccesses.create).toEqual(['all', 'big-orders']);
    // The preview kept nothing.
    expect((await target.get(exportUrl('orders'), targetAdmin)).statusCode).toBe(404);

    const applied = (await call(target, 'POST', importUrl('orders'), document, targetAdmin)) as ImportPreview;
    expect(applied).toMatchObject({ applied: true, applicable: true });
    const again = (await target.get(exportUrl('orders'), targetAdmin)).json() as ApplicationDocument;
    expect(withoutTime(again)).toEqual(withoutTime(document));
    // One audit record for the whole import.
    const audit = await target.get(`${V2}/audit?entity=application&entityId=orders`, targetAdmin);
    expect(audit.json().content.map((r: { action: string }) => r.action)).toEqual(['import']);

    // Importing the same again changes nothing.
    const same = (await call(target, 'POST', previewUrl('orders'), again, targetAdmin)) as ImportPreview;
    expect(same.changes.every((c) => c.create.length + c.update.length + c.delete.length === 0)).toBe(true);
  });

  it('previews exactly what it creates, updates and deletes, and keeps nothing', async () => {
    const t = await build();
    const admin = await t.login();
    await furnish(t, admin, 'orders');
    const document = (await t.get(exportUrl('orders'), admin)).json() as ApplicationDocument;
    const changed: ApplicationDocument = {
      ...document,
      dataAccesses: [
        ...document.dataAccesses.filter((d) => d.id !== 'all'),
        { id: 'new-one', name: 'New', category: 'c', object: null, set: null },
      ].map((d) => (d.id === 'big-orders' ? { ...d, name: 'Huge orders' } : d)),
      apis: [],
      roles: document.roles.map((r) => (r.code === 'clerk' ? { ...r, resources: ['orders'] } : r)),
    };
    const preview = (await call(t, 'POST', previewUrl('orders'), changed, admin)) as ImportPreview;
    const of = (kind: string) => preview.changes.find((c) => c.kind === kind)!;
    expect(of('dataAccess')).toMatchObject({ create: ['new-one'], update: ['big-orders'], delete: ['all'] });
    expect(of('api')).toMatchObject({ create: [], update: [], delete: ['GET /orders/{id}'] });
    expect(of('role')).toMatchObject({ create: [], update: ['clerk'], delete: [] });
    expect(of('permission')).toMatchObject({ create: [], update: [], delete: [] });
    expect(withoutTime((await t.get(exportUrl('orders'), admin)).json())).toEqual(withoutTime(document));

    await call(t, 'POST', importUrl('orders'), changed, admin);
    const after = (await t.get(exportUrl('orders'), admin)).json() as ApplicationDocument;
    expect(after.dataAccesses.map((d) => [d.id, d.name])).toEqual([
      ['big-orders', 'Huge orders'],
      ['new-one', 'New'],
    ]);
    expect(after.apis).toEqual([]);
    expect(after.roles.find((r) => r.code === 'clerk')!.resources).toEqual(['orders']);
  });

  it('applies all or nothing: a row that fails rolls every other back', async () => {
    const t = await build();
    const admin = await t.login();
    await furnish(t, admin, 'orders');
    const document = (await t.get(exportUrl('orders'), admin)).json() as ApplicationDocument;
    // A row the database refuses, as a constraint or a full disk would.
    await t.db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.id = 'boom' then raise exception 'refused'; end if; return new; end $$`);
    await t.db.execute(sql`
      create trigger refuse_boom before insert on data_accesses for each row execute function refuse_boom()`);
    const failing: ApplicationDocument = {
      ...document,
      application: { ...document.application, name: 'Renamed' },
      permissions: [...document.permissions, { id: 'extra', name: 'Extra', resourceType: 'API' }],
      dataAccesses: [
        ...document.dataAccesses.slice(1),
        { id: 'boom', name: 'Boom', category: 'c', object: null, set: null },
      ],
    };
    const res = await t.post(importUrl('orders'), failing, admin);
    expect(res.statusCode).toBe(500);
    expect(withoutTime((await t.get(exportUrl('orders'), admin)).json())).toEqual(withoutTime(document));
    const audit = await t.get(`${V2}/audit?entity=application&entityId=orders&action=import`, admin);
    expect(audit.json().content).toEqual([]);
  });

  it('names its conflicts: another application, the platform, a taken client id, a missing subject', async () => {
    const t = await build();
    const admin = await t.login();
    await furnish(t, admin, 'orders');
    const document = (await t.get(exportUrl('orders'), admin)).json() as ApplicationDocument;
    await createApplication(t.db, 'billing');
    const keys = (p: ImportPreview) => p.conflicts.map((c) => [c.kind, c.key]);
    // Into another application: the document's id differs, and its clients are taken.
    const elsewhere = (await call(t, 'POST', previewUrl('billing'), document, admin)) as ImportPreview;
    expect(elsewhere.applicable).toBe(false);
    expect(keys(elsewhere)).toContainEqual(['application', 'transfer.applicationMismatch']);
    expect(keys(elsewhere)).toContainEqual(['client', 'transfer.clientTaken']);
    const refused = await t.post(importUrl('billing'), document, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('transfer.conflicts');

    const platform = (await call(t, 'POST', previewUrl('platform'), document, admin)) as ImportPreview;
    expect(keys(platform)).toContainEqual(['application', 'transfer.platformApplication']);

    const stranger = {
      ...document,
      acl: [...document.acl, { ...document.acl[0]!, subjectType: 'USER', subject: 'nobody-here' }],
    };
    const missing = (await call(t, 'POST', previewUrl('orders'), stranger, admin)) as ImportPreview;
    expect(keys(missing)).toEqual([['acl', 'transfer.unknownSubject']]);
  });

  it('refuses an inconsistent document with field paths', async () => {
    const t = await build();
    const admin = await t.login();
    await furnish(t, admin, 'orders');
    const document = (await t.get(exportUrl('orders'), admin)).json() as ApplicationDocument;
    const broken = {
      ...document,
      apis: [{ ...document.apis[0]!, permissions: ['no-such'] }],
      resources: document.resources.map((r) => (r.id === 'orders' ? { ...r, parent: null } : r)),
    };
    const res = await t.post(previewUrl('orders'), broken, admin);
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().fields.map((f: { field: string; key: string }) => [f.field, f.key]),
    );
    expect(fields).toMatchObject({
      'apis.0.permissions.0': 'transfer.missing.permission',
      [`resources.${document.resources.findIndex((r) => r.id === 'orders')}.parent`]: 'appConfig.menuParent',
    });
    const invalid = await t.post(
      previewUrl('orders'),
      { ...document, version: 2, dataAccesses: [{ id: '' }] },
      admin,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['version', 'dataAccesses.0.id']),
    );
  });
});

describe("a client's back-channel logout", SLOW, () => {
  it('is carried both ways; a document from before it imports none; a target the server may not send to is refused', async () => {
    const t = await build();
    const admin = await t.login();
    await createApplication(t.db, 'billing', 'Billing');
    const api = (method: 'POST' | 'PUT', url: string, body: unknown) => call(t, method, url, body, admin);
    await api('POST', `${V2}/application/client`, { clientName: 'Plain', applicationId: 'billing' });
    await api('POST', `${V2}/application/client`, {
      clientName: 'Ledger',
      applicationId: 'billing',
      backchannelLogoutUri: 'https://ledger.example.com/logout',
      backchannelLogoutSessionRequired: true,
    });
    const exported = async () => (await t.get(exportUrl('billing'), admin)).json() as ApplicationDocument;
    const logoutOf = (document: ApplicationDocument) =>
      document.clients
        .map((c) => [c.clientName, c.backchannelLogoutUri, c.backchannelLogoutSessionRequired])
        .sort();
    const document = await exported();
    expect(logoutOf(document)).toEqual([
      ['Ledger', 'https://ledger.example.com/logout', true],
      ['Plain', null, false],
    ]);

    // A document written before the fields: its clients have no logout URI and no sid.
    const older = {
      ...document,
      clients: document.clients.map(
        ({ backchannelLogoutUri: _u, backchannelLogoutSessionRequired: _s, ...c }) => c,
      ),
    };
    const cleared = (await call(t, 'POST', importUrl('billing'), older, admin)) as ImportPreview;
    expect(cleared.changes.find((c) => c.kind === 'client')?.update).toHaveLength(1);
    expect(logoutOf(await exported())).toEqual([
      ['Ledger', null, false],
      ['Plain', null, false],
    ]);
    await call(t, 'POST', importUrl('billing'), document, admin);
    expect(logoutOf(await exported())).toEqual(logoutOf(document));

    // A private address passes the schema but not the outbound guard the client screen uses.
    const ledger = document.clients.findIndex((c) => c.clientName === 'Ledger');
    const guarded = {
      ...document,
      clients: document.clients.map((c, i) =>
        i === ledger ? { ...c, backchannelLogoutUri: 'https://10.0.0.7/logout' } : c,
      ),
    };
    for (const url of [previewUrl('billing'), importUrl('billing')]) {
      const res = await t.post(url, guarded, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields).toEqual([
        expect.objectContaining({
          field: `clients.${ledger}.backchannelLogoutUri`,
          key: 'webhook.privateTarget',
        }),
      ]);
    }
    expect(logoutOf(await exported())).toEqual(logoutOf(document));
  });
});

describe('delegation', SLOW, () => {
  it('keeps a delegated administrator to their applications and to what they hold', async () => {
    const t = await build();
    const admin = await t.login();
    await furnish(t, admin, 'orders');
    const document = (await t.get(exportUrl('orders'), admin)).json() as ApplicationDocument;
    await createApplication(t.db, 'billing');
    const areas = [
      'admin-setting.application',
      'app-config.data-access',
      'app-config.permission',
      'app-config.resource',
      'app-config.client',
      'admin-setting.data-dict',
      'admin-setting.manage-role',
    ];
    const role = await t.createRole({
      permissions: areas.map((permissionId) => ({ permissionId, applicationIds: ['billing'] })),
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const delegate = await t.login(user.username, user.password);

    // Outside their applications: neither export nor import, nor a preview.
    expect((await t.get(exportUrl('orders'), delegate)).statusCode).toBe(403);
    expect((await t.post(previewUrl('orders'), document, delegate)).statusCode).toBe(403);
    expect((await t.post(importUrl('orders'), document, delegate)).statusCode).toBe(403);

    // Into their own application, a copy whose role grants they do not hold is refused whole.
    const copy: ApplicationDocument = {
      ...document,
      application: { ...document.application, applicationId: 'billing' },
      clients: [],
      acl: document.acl.filter((e) => e.subjectType === 'ROLE'),
    };
    const preview = (await call(t, 'POST', previewUrl('billing'), copy, delegate)) as ImportPreview;
    expect(preview.applicable).toBe(false);
    expect(preview.conflicts.map((c) => c.key)).toContain('identity.notHeld');
    const refused = await t.post(importUrl('billing'), copy, delegate);
    expect(refused.statusCode).toBe(403);
    expect((await t.get(exportUrl('billing'), admin)).json().permissions).toEqual([]);

    // Without the role screen's right, a change to roles is a conflict before anything runs.
    const narrow = await t.createRole({
      permissions: areas
        .filter((a) => a !== 'admin-setting.manage-role')
        .map((permissionId) => ({ permissionId, applicationIds: ['billing'] })),
    });
    const narrowUser = await t.createUser({ roleIds: [narrow.roleId] });
    const narrowToken = await t.login(narrowUser.username, narrowUser.password);
    const noRoles = (await call(t, 'POST', previewUrl('billing'), copy, narrowToken)) as ImportPreview;
    expect(noRoles.conflicts).toContainEqual(
      expect.objectContaining({
        kind: 'role',
        key: 'transfer.needsGrant',
        params: { action: 'create', area: 'admin-setting.manage-role' },
      }),
    );
  });
});

describe('the whole instance', SLOW, () => {
  const instanceExport = `${V2}/config-export`;
  const instancePreview = `${V2}/config-import/preview`;
  const instanceImport = `${V2}/config-import`;
  const withoutTimeOf = (d: { exportedAt: string }) => {
    const { exportedAt: _, ...rest } = d;
    return rest;
  };

  it('round-trips settings, products, organizations, roles, groups, users and applications, identical', async () => {
    const source = await build();
    const admin = await source.login();
    await furnish(source, admin, 'orders');
    const api = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      call(source, method, url, body, admin);
    await api('PUT', '/api/admin-service/settings', { lockSeconds: 1800 });
    const root = await api('POST', `${V2}/organization`, { name: 'Head office', code: 'hq' });
    await api('POST', `${V2}/organization`, { name: 'Sales', code: 'sales', parentId: root.organizationId });
    const auditor = await api('POST', `${V2}/role`, { name: 'Auditor', code: 'auditor' });
    await api('PUT', `${V2}/role/${auditor.roleId}/grants`, {
      permissions: [
        {
          applicationId: 'platform',
          permissionId: 'admin-setting.application',
          actionEntitySet: ['retrieve'],
          applicationIds: ['orders'],
        },
      ],
      resources: [],
    });
    const dave = await source.createUser({ username: 'dave', password: 'dave-password-1234' });
    const groups = (await source.get(`${V2}/group?code=desk`, admin)).json().content;
    await api('PUT', `${V2}/group/${groups[0].groupId}/roles`, { roleIds: [auditor.roleId] });
    await api('PUT', `${V2}/group/${groups[0].groupId}/members`, { userIds: [dave.userId] });

    const exported = await source.get(instanceExport, admin);
    expect(exported.statusCode, exported.body).toBe(200);
    const document = exported.json();
    expect(document).toMatchObject({ format: 'gatehouse.instance', passwordHashes: false });
    expect(JSON.stringify(document)).not.toContain('$argon2');
    expect(document.applications.map((a: ApplicationDocument) => a.application.applicationId)).toEqual([
      'orders',
    ]);
    expect(document.organizations).toEqual([
      expect.objectContaining({ code: 'hq', parent: null }),
      expect.objectContaining({ code: 'sales', parent: 'hq' }),
    ]);

    const target = await build();
    const targetAdmin = await target.login();
    const preview = (await call(target, 'POST', instancePreview, document, targetAdmin)) as ImportPreview;
    expect(preview.conflicts).toEqual([]);
    expect(preview.warnings.map((w) => [w.kind, w.id, w.key])).toEqual(
      expect.arrayContaining([
        ['user', 'carol', 'transfer.noPassword'],
        ['user', 'dave', 'transfer.noPassword'],
      ]),
    );
    expect(preview.changes.find((c) => c.kind === 'user')).toMatchObject({
      create: ['carol', 'dave'],
      delete: [],
    });
    await call(target, 'POST', instanceImport, document, targetAdmin);
    const again = (await target.get(instanceExport, targetAdmin)).json();
    expect(withoutTimeOf(again)).toEqual(withoutTimeOf(document));
    // A user imported without a hash cannot sign in until a password is set.
    const denied = await target.post('/api/oauth2-server/login', {
      username: 'dave',
      password: 'dave-password-1234',
    });
    expect(denied.statusCode).toBe(401);

    // With the hashes, asked for, the same password signs in on the other side.
    const withHashes = (await source.get(`${instanceExport}?passwordHashes=true`, admin)).json();
    expect(withHashes.passwordHashes).toBe(true);
    const hashed = (await call(target, 'POST', instancePreview, withHashes, targetAdmin)) as ImportPreview;
    expect(hashed.warnings.map((w) => w.key)).toContain('transfer.passwordHashes');
    await call(target, 'POST', instanceImport, withHashes, targetAdmin);
    expect(
      (await target.post('/api/oauth2-server/login', { username: 'dave', password: 'dave-password-1234' }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a client's logout URI the server may not send to, naming its application", async () => {
    const t = await build();
    const admin = await t.login();
    await createApplication(t.db, 'billing', 'Billing');
    await call(
      t,
      'POST',
      `${V2}/application/client`,
      {
        clientName: 'Ledger',
        applicationId: 'billing',
        backchannelLogoutUri: 'https://ledger.example.com/logout',
      },
      admin,
    );
    const document = (await t.get(instanceExport, admin)).json() as {
      applications: ApplicationDocument[];
    };
    const app = document.applications.findIndex((a) => a.application.applicationId === 'billing');
    const guarded = {
      ...document,
      applications: document.applications.map((a, i) =>
        i === app
          ? {
              ...a,
              clients: a.clients.map((c) => ({ ...c, backchannelLogoutUri: 'https://127.0.0.1/logout' })),
            }
          : a,
      ),
    };
    for (const url of [instancePreview, instanceImport]) {
      const res = await t.post(url, guarded, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields).toEqual([
        expect.objectContaining({
          field: `applications.${app}.clients.0.backchannelLogoutUri`,
          key: 'webhook.privateTarget',
        }),
      ]);
    }
    expect((await t.post(instancePreview, document, admin)).statusCode).toBe(200);
  });

  it('ends the sessions of a user it disables, as the user screen does', async () => {
    const t = await build();
    const admin = await t.login();
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const me = '/api/admin-service/user/current';
    expect((await t.get(me, token)).statusCode).toBe(200);
    const document = (await t.get(instanceExport, admin)).json();
    const disabled = {
      ...document,
      users: document.users.map((u: { username: string; status: string }) =>
        u.username === user.username ? { ...u, status: 'DISABLED' } : u,
      ),
    };
    // The preview changes nothing, sessions included.
    const preview = (await call(t, 'POST', instancePreview, disabled, admin)) as ImportPreview;
    expect(preview.applicable).toBe(true);
    expect((await t.get(me, token)).statusCode).toBe(200);
    await call(t, 'POST', instanceImport, disabled, admin);
    expect((await t.get(me, token)).statusCode).toBe(401);
    expect((await t.get(me, admin)).statusCode).toBe(200);
    // Ended, not only refused while disabled: enabled again, the old session stays dead.
    await call(t, 'PUT', `${V2}/user/${user.userId}/status`, { status: 'ENABLED' }, admin);
    expect((await t.get(me, token)).statusCode).toBe(401);
    expect((await t.login(user.username, user.password)).length).toBeGreaterThan(0);
  });

  it('is an administrator’s only, and keeps the acting administrator', async () => {
    const t = await build();
    const admin = await t.login();
    const document = (await t.get(instanceExport, admin)).json();
    const role = await t.createRole({ permissions: [{ permissionId: 'admin-setting.console-settings' }] });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const manager = await t.login(user.username, user.password);
    expect((await t.get(instanceExport, manager)).statusCode).toBe(403);
    expect((await t.post(instancePreview, document, manager)).statusCode).toBe(403);

    // A document without the acting administrator would delete them: refused whole.
    const without = {
      ...document,
      users: document.users.filter((u: { username: string }) => u.username !== 'admin'),
    };
    const preview = (await call(t, 'POST', instancePreview, without, admin)) as ImportPreview;
    expect(preview.applicable).toBe(false);
    expect(preview.conflicts.map((c) => c.key)).toContain('identity.selfLockout');
    expect((await t.post(instanceImport, without, admin)).statusCode).toBe(409);
    expect(
      (await t.get(instanceExport, admin)).json().users.map((u: { username: string }) => u.username),
    ).toContain(user.username);
  });
});
