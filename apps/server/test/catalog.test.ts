/**
 * The v2 catalogue of spec §7 (product, application's productId and status, application/acl,
 * application/api, application/pages and elements, object, set), on PGlite and PostgreSQL:
 * each call, its 400s with field messages, its 409s, paging and search, the audit records,
 * and the access-control entries and page elements in the OIDC claims.
 */
import { CATALOG_MESSAGES, MESSAGES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { mayEnterApplication } from '../src/modules/access/in-application.ts';
import { claimsOf } from '../src/modules/oidc/provider.ts';
import { findUsableClient, findUser } from '../src/modules/oidc/repository.ts';
import { auditOf, createApplication, del, put, query } from './fixtures.ts';
import { build, en, fieldMessages } from './helper.ts';

const t = await build();

const V2 = '/api/admin-service/v2';
const admin = await t.login();
const post = (url: string, body: unknown, token = admin) =>
  t.post(url, body as Record<string, unknown>, token);
const get = (url: string, token = admin) => t.get(url, token);
const created = async (url: string, body: unknown) => {
  const res = await post(url, body);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const appId = await createApplication(t.db);
const otherApp = await createApplication(t.db);
const permission = (
  await post('/api/admin-service/permission/createPermission', {
    name: 'Orders',
    id: 'orders',
    resourceType: 'API',
    applicationId: appId,
  })
).json();
const otherPermission = (
  await post('/api/admin-service/permission/createPermission', {
    name: 'Other',
    id: 'other',
    resourceType: 'API',
    applicationId: otherApp,
  })
).json();

describe('product', () => {
  it('creates, reads, lists newest first with search, and updates, each audited', async () => {
    const a = await created(`${V2}/product`, { name: 'Alpha', code: 'alpha', owner: 'Team A' });
    const b = await created(`${V2}/product`, { name: 'Beta', code: 'beta', description: 'Second' });
    expect(a).toMatchObject({
      name: 'Alpha',
      code: 'alpha',
      owner: 'Team A',
      status: 'ENABLED',
      applicationCount: 0,
    });
    expect((await get(`${V2}/product/${a.productId}`)).json()).toEqual(a);

    const page = (await get(`${V2}/product?${query({ page: 0, size: 1 })}`)).json();
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.content[0].productId).toBe(b.productId);
    const found = (await get(`${V2}/product?${query({ keyword: 'team a' })}`)).json();
    expect(found.content.map((p: { code: string }) => p.code)).toEqual(['alpha']);

    const res = await put(t, `${V2}/product`, { ...a, name: 'Alpha 2', productId: a.productId }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Alpha 2');
    expect((await auditOf(t.db, 'product', a.productId)).map((r) => r.action)).toEqual(['create', 'update']);
  });

  it('answers bad input with field messages, a taken code with 409, an unknown id with 404', async () => {
    const bad = await post(`${V2}/product`, { name: ' ', code: 'has space', owner: 'a\u0007b' });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad.json())).toMatchObject({
      name: en(MESSAGES.required),
      code: expect.any(String),
      owner: en(CATALOG_MESSAGES.controlCharacters),
    });
    await created(`${V2}/product`, { name: 'Dup', code: 'dup' });
    const dup = await post(`${V2}/product`, { name: 'Dup', code: 'dup' });
    expect(dup.statusCode).toBe(409);
    expect(fieldMessages(dup.json())).toEqual({ code: expect.any(String) });
    expect((await get(`${V2}/product/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await get(`${V2}/product/not-a-uuid`)).statusCode).toBe(404);
  });

  it('links applications; disabling a product they use is refused with their names', async () => {
    const product = await created(`${V2}/product`, { name: 'Linked', code: 'linked' });
    const one = await createApplication(t.db, 'linked-one');
    const two = await created(`${V2}/application`, {
      applicationId: 'linked-two',
      name: 'Two',
      productId: product.productId,
    });
    expect(two.productId).toBe(product.productId);
    const linked = await put(
      t,
      `${V2}/application`,
      { applicationId: one, productId: product.productId },
      admin,
    );
    expect(linked.json().productId).toBe(product.productId);
    const unknown = await put(t, `${V2}/application`, { applicationId: one, productId: 'nope' }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(fieldMessages(unknown.json())).toHaveProperty('productId');

    const apps = (await get(`${V2}/application?productId=${product.productId}`)).json();
    expect(apps.content.map((a: { applicationId: string }) => a.applicationId).sort()).toEqual([
      'linked-one',
      'linked-two',
    ]);
    expect((await get(`${V2}/product/${product.productId}`)).json().applicationCount).toBe(2);

    const refused = await put(t, `${V2}/product`, { ...product, status: 'DISABLED' }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Used by 2 applications: linked-one, linked-two');

    await put(t, `${V2}/application`, { applicationId: one, productId: null }, admin);
    await put(t, `${V2}/application`, { applicationId: 'linked-two', productId: null }, admin);
    const disabled = await put(t, `${V2}/product`, { ...product, status: 'DISABLED' }, admin);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('DISABLED');
  });
});

describe('application status', () => {
  it('a disabled application’s clients get no tokens; the platform cannot be disabled', async () => {
    const app = await createApplication(t.db);
    const client = await created(`${V2}/application/client`, { clientName: 'c', applicationId: app });
    expect(await findUsableClient(t.db, client.client)).toBeDefined();
    const res = await put(t, `${V2}/application`, { applicationId: app, status: 'DISABLED' }, admin);
    expect(res.json().status).toBe('DISABLED');
    expect(await findUsableClient(t.db, client.client)).toBeUndefined();
    const platform = await put(
      t,
      `${V2}/application`,
      { applicationId: 'platform', status: 'DISABLED' },
      admin,
    );
    expect(platform.statusCode).toBe(400);
    expect(fieldMessages(platform.json())).toEqual({ status: en(CATALOG_MESSAGES.builtinApplication) });
  });
});

describe('application/acl', () => {
  it('creates, reads, lists, updates and toggles entries; refs must exist; duplicates are 409', async () => {
    const user = await t.createUser();
    const entry = await created(`${V2}/application/acl`, {
      applicationId: appId,
      subjectType: 'USER',
      subjectId: user.userId,
      targetType: 'PERMISSION',
      targetId: permission.resourceId,
      actions: ['retrieve', 'retrieve', 'update'],
    });
    expect(entry).toMatchObject({ status: 'ENABLED', actions: ['retrieve', 'update'] });
    expect((await get(`${V2}/application/acl/${entry.aclId}`)).json()).toEqual(entry);
    const list = (
      await get(`${V2}/application/acl?${query({ applicationId: appId, subjectType: ['USER'] })}`)
    ).json();
    expect(list.content.map((e: { aclId: string }) => e.aclId)).toContain(entry.aclId);

    const dup = await post(`${V2}/application/acl`, {
      ...entry,
      aclId: undefined,
      createdDate: undefined,
      lastModifiedDate: undefined,
      status: undefined,
    });
    expect(dup.statusCode).toBe(409);

    const bad = await post(`${V2}/application/acl`, {
      applicationId: appId,
      subjectType: 'ROBOT',
      subjectId: 'x',
      targetType: 'PERMISSION',
      targetId: permission.resourceId,
      actions: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(bad.json())).sort()).toEqual(['actions', 'subjectId', 'subjectType']);

    const foreign = await post(`${V2}/application/acl`, {
      applicationId: appId,
      subjectType: 'GROUP',
      subjectId: user.userId,
      targetType: 'PERMISSION',
      targetId: otherPermission.resourceId,
      actions: ['retrieve'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(fieldMessages(foreign.json())).toEqual({
      subjectId: en(CATALOG_MESSAGES.unknownSubject),
      targetId: en(CATALOG_MESSAGES.unknownTarget),
    });

    const updated = await put(
      t,
      `${V2}/application/acl`,
      { ...entry, actions: ['delete'], createdDate: undefined, lastModifiedDate: undefined },
      admin,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().actions).toEqual(['delete']);
    const toggled = await put(
      t,
      `${V2}/application/acl/${entry.aclId}/status`,
      { status: 'DISABLED' },
      admin,
    );
    expect(toggled.json().status).toBe('DISABLED');
    expect((await auditOf(t.db, 'application-acl', entry.aclId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'status',
    ]);
  });

  it('gives enabled entries of the user, their groups and roles to the claims and the entry check', async () => {
    const app = await createApplication(t.db);
    const perm = (
      await post('/api/admin-service/permission/createPermission', {
        name: 'Reports',
        id: 'reports',
        resourceType: 'API',
        applicationId: app,
      })
    ).json();
    const role = (await post(`${V2}/role`, { name: 'acl role', code: 'acl-role' })).json();
    const group = (await post(`${V2}/group`, { name: 'acl group', code: 'acl-group' })).json();
    const direct = await t.createUser();
    const viaGroup = await t.createUser();
    const viaRole = await t.createUser({ roleIds: [role.roleId] });
    const nobody = await t.createUser();
    await put(t, `${V2}/group/${group.groupId}/members`, { userIds: [viaGroup.userId] }, admin);
    const entry = (subjectType: string, subjectId: string, actions: string[]) =>
      created(`${V2}/application/acl`, {
        applicationId: app,
        subjectType,
        subjectId,
        targetType: 'PERMISSION',
        targetId: perm.resourceId,
        actions,
      });
    const first = await entry('USER', direct.userId, ['retrieve']);
    await entry('GROUP', group.groupId, ['update']);
    await entry('ROLE', role.roleId, ['create', 'delete']);

    const claims = async (userId: string) =>
      (await claimsOf(t.db, (await findUser(t.db, userId))!, new Set(['gatehouse']), app)).permissions;
    expect(await claims(direct.userId)).toEqual([{ permissionId: 'reports', actions: ['retrieve'] }]);
    expect(await claims(viaGroup.userId)).toEqual([{ permissionId: 'reports', actions: ['update'] }]);
    expect(await claims(viaRole.userId)).toEqual([
      { permissionId: 'reports', actions: ['create', 'delete'] },
    ]);
    expect(await claims(nobody.userId)).toEqual([]);
    expect(await mayEnterApplication(t.db, direct.userId, app)).toBe(true);
    expect(await mayEnterApplication(t.db, nobody.userId, app)).toBe(false);

    await put(t, `${V2}/application/acl/${first.aclId}/status`, { status: 'DISABLED' }, admin);
    expect(await claims(direct.userId)).toEqual([]);
    expect(await mayEnterApplication(t.db, direct.userId, app)).toBe(false);
  });
});

describe('application/api', () => {
  it('describes APIs linked to permissions of the same application', async () => {
    const api = await created(`${V2}/application/api`, {
      applicationId: appId,
      method: 'GET',
      pathPattern: '/orders/{id}',
      permissionIds: [permission.resourceId],
    });
    expect(api).toMatchObject({ method: 'GET', status: 'ENABLED', permissionIds: [permission.resourceId] });
    expect((await get(`${V2}/application/api/${api.apiId}`)).json()).toEqual(api);
    const byPermission = (
      await get(
        `${V2}/application/api?${query({ applicationId: appId, permissionId: permission.resourceId })}`,
      )
    ).json();
    expect(byPermission.content.map((a: { apiId: string }) => a.apiId)).toEqual([api.apiId]);
    const searched = (
      await get(`${V2}/application/api?${query({ applicationId: appId, keyword: 'ORDERS/' })}`)
    ).json();
    expect(searched.totalElements).toBe(1);

    const foreign = await post(`${V2}/application/api`, {
      applicationId: appId,
      method: 'POST',
      pathPattern: '/orders',
      permissionIds: [otherPermission.resourceId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(fieldMessages(foreign.json())).toEqual({ permissionIds: en(CATALOG_MESSAGES.unknownPermission) });
    const bad = await post(`${V2}/application/api`, {
      applicationId: appId,
      method: 'FETCH',
      pathPattern: 'orders',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldMessages(bad.json())).toMatchObject({
      method: en(MESSAGES.required),
      pathPattern: en(CATALOG_MESSAGES.pathFormat),
    });
    const dup = await post(`${V2}/application/api`, {
      applicationId: appId,
      method: 'GET',
      pathPattern: '/orders/{id}',
    });
    expect(dup.statusCode).toBe(409);

    const res = await put(
      t,
      `${V2}/application/api`,
      {
        apiId: api.apiId,
        applicationId: appId,
        method: 'PUT',
        pathPattern: '/orders/{id}',
        permissionIds: [],
      },
      admin,
    );
    expect(res.json()).toMatchObject({ method: 'PUT', permissionIds: [] });
    const moved = await put(
      t,
      `${V2}/application/api`,
      { apiId: api.apiId, applicationId: otherApp, method: 'PUT', pathPattern: '/x' },
      admin,
    );
    expect(moved.statusCode).toBe(400);
  });
});

describe('application/pages and elements', () => {
  it('creates pages, adds and deletes elements, refuses deleting a page with elements', async () => {
    const page = await created(`${V2}/application/pages`, {
      applicationId: appId,
      name: 'Orders',
      route: '/orders',
    });
    expect(page).toMatchObject({ order: 1, status: 'ENABLED', elements: [] });
    const bad = await post(`${V2}/application/pages`, { applicationId: appId, name: '', route: 'orders' });
    expect(fieldMessages(bad.json())).toEqual({
      name: en(MESSAGES.required),
      route: en(CATALOG_MESSAGES.routeFormat),
    });
    const dup = await post(`${V2}/application/pages`, {
      applicationId: appId,
      name: 'Again',
      route: '/orders',
    });
    expect(dup.statusCode).toBe(409);
    expect(fieldMessages(dup.json())).toEqual({ route: en(CATALOG_MESSAGES.duplicateRoute) });

    const role = await t.createRole();
    const withElement = await created(`${V2}/application/pages/${page.pageId}/elements`, {
      code: 'order:refund',
      name: 'Refund',
      roleIds: [role.roleId],
    });
    expect(withElement.elements).toEqual([
      { elementId: expect.any(String), code: 'order:refund', name: 'Refund', roleIds: [role.roleId] },
    ]);
    const taken = await post(`${V2}/application/pages/${page.pageId}/elements`, {
      code: 'order:refund',
      name: 'x',
    });
    expect(taken.statusCode).toBe(409);
    const unknownRole = await post(`${V2}/application/pages/${page.pageId}/elements`, {
      code: 'order:x',
      name: 'x',
      roleIds: [page.pageId],
    });
    expect(fieldMessages(unknownRole.json())).toEqual({ roleIds: en(CATALOG_MESSAGES.unknownRole) });

    const holder = await t.createUser({ roleIds: [role.roleId] });
    const elements = async () =>
      (await claimsOf(t.db, (await findUser(t.db, holder.userId))!, new Set(['gatehouse']), appId)).elements;
    expect(await elements()).toEqual(['order:refund']);

    const list = (
      await get(`${V2}/application/pages?${query({ applicationId: appId, keyword: 'order' })}`)
    ).json();
    expect(list.content[0].elements).toHaveLength(1);
    const refused = await del(t, `${V2}/application/pages/${page.pageId}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Used by 1 element: order:refund');

    const updated = await put(
      t,
      `${V2}/application/pages/${page.pageId}`,
      { applicationId: appId, name: 'Orders', route: '/orders', order: 2, status: 'DISABLED' },
      admin,
    );
    expect(updated.json()).toMatchObject({ order: 2, status: 'DISABLED' });
    expect(await elements()).toEqual([]);

    expect((await del(t, `${V2}/application/pages/${page.pageId}/elements/nope`, admin)).statusCode).toBe(
      404,
    );
    expect(
      (await del(t, `${V2}/application/pages/${page.pageId}/elements/order:refund`, admin)).statusCode,
    ).toBe(204);
    expect((await del(t, `${V2}/application/pages/${page.pageId}`, admin)).statusCode).toBe(204);
    expect((await get(`${V2}/application/pages/${page.pageId}`)).statusCode).toBe(404);
    expect((await auditOf(t.db, 'application-page', page.pageId)).map((r) => r.action)).toEqual([
      'create',
      'add-element',
      'update',
      'remove-element',
      'delete',
    ]);
  });
});

describe('object and set', () => {
  it('manages objects and sets; an object a set uses cannot be deleted', async () => {
    const object = await created(`${V2}/object`, {
      applicationId: appId,
      name: 'Customer',
      code: 'customer',
      fields: [
        { name: 'email', type: 'STRING', required: true },
        { name: 'vip', type: 'BOOLEAN' },
      ],
    });
    expect(object.fields).toEqual([
      { name: 'email', type: 'STRING', required: true },
      { name: 'vip', type: 'BOOLEAN', required: false },
    ]);
    const badFields = await post(`${V2}/object`, {
      applicationId: appId,
      name: 'X',
      code: 'x',
      fields: [
        { name: 'a', type: 'TEXT' },
        { name: 'a', type: 'DATE' },
      ],
    });
    expect(badFields.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(badFields.json()))).toContain('fields.0.type');
    expect(
      (await post(`${V2}/object`, { applicationId: appId, name: 'C', code: 'customer' })).statusCode,
    ).toBe(409);

    const set = await created(`${V2}/set`, {
      applicationId: appId,
      objectId: object.objectId,
      name: 'VIPs',
      code: 'vips',
      members: ['c-1', 'c-2', 'c-1'],
    });
    expect(set.members).toEqual(['c-1', 'c-2']);
    const wrongObject = await post(`${V2}/set`, {
      applicationId: otherApp,
      objectId: object.objectId,
      name: 'X',
      code: 'x',
    });
    expect(fieldMessages(wrongObject.json())).toEqual({ objectId: en(CATALOG_MESSAGES.unknownObject) });
    const byMember = (await get(`${V2}/set?${query({ applicationId: appId, member: 'c-2' })}`)).json();
    expect(byMember.content.map((s: { setId: string }) => s.setId)).toEqual([set.setId]);

    const refused = await del(t, `${V2}/object/${object.objectId}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Used by 1 set: vips');

    const renamed = await put(
      t,
      `${V2}/set`,
      {
        setId: set.setId,
        applicationId: appId,
        objectId: object.objectId,
        name: 'VIP',
        code: 'vips',
        members: [],
      },
      admin,
    );
    expect(renamed.json()).toMatchObject({ name: 'VIP', members: [] });
    const objUpdated = await put(
      t,
      `${V2}/object`,
      { objectId: object.objectId, applicationId: appId, name: 'Client', code: 'customer', fields: [] },
      admin,
    );
    expect(objUpdated.json()).toMatchObject({ name: 'Client', fields: [] });
    expect(
      (await get(`${V2}/object?${query({ applicationId: appId, keyword: 'clie' })}`)).json().totalElements,
    ).toBe(1);
    expect((await del(t, `${V2}/set/${set.setId}`, admin)).statusCode).toBe(204);
    expect((await del(t, `${V2}/object/${object.objectId}`, admin)).statusCode).toBe(204);
    expect((await get(`${V2}/object/${object.objectId}`)).statusCode).toBe(404);
    expect((await auditOf(t.db, 'data-set', set.setId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});

describe('data accesses scoped to objects and sets', () => {
  it('scopes an access to an object or a set of it, checks both, and keeps them while in use', async () => {
    const object = await created(`${V2}/object`, { applicationId: appId, name: 'Invoice', code: 'invoice' });
    const other = await created(`${V2}/object`, { applicationId: appId, name: 'Order', code: 'order' });
    const foreign = await created(`${V2}/object`, { applicationId: otherApp, name: 'F', code: 'f' });
    const set = await created(`${V2}/set`, {
      applicationId: appId,
      objectId: object.objectId,
      name: 'Overdue',
      code: 'overdue',
      members: ['i-1'],
    });
    const DA = '/api/admin-service/data/access';
    const base = { name: 'Invoices', category: 'finance', applicationId: appId };

    // A set alone implies its object.
    const bySet = await post(DA, { ...base, id: 'inv-overdue', setId: set.setId });
    expect(bySet.statusCode).toBe(201);
    expect(bySet.json()).toMatchObject({ objectId: object.objectId, setId: set.setId });
    const byObject = (await post(DA, { ...base, id: 'inv-all', objectId: object.objectId })).json();
    expect(byObject).toMatchObject({ objectId: object.objectId, setId: null });
    const plain = (await post(DA, { ...base, id: 'plain' })).json();
    expect(plain).toMatchObject({ objectId: null, setId: null });

    // Checked: another application's object, a set of another object, a malformed id.
    const foreignObject = await post(DA, { ...base, id: 'x1', objectId: foreign.objectId });
    expect(foreignObject.statusCode).toBe(400);
    expect(fieldMessages(foreignObject.json())).toEqual({ objectId: en(CATALOG_MESSAGES.unknownObject) });
    const mismatch = await post(DA, { ...base, id: 'x2', objectId: other.objectId, setId: set.setId });
    expect(fieldMessages(mismatch.json())).toEqual({ setId: en(CATALOG_MESSAGES.unknownSet) });
    const malformed = await post(DA, { ...base, id: 'x3', setId: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(fieldMessages(malformed.json())).toEqual({ setId: en(CATALOG_MESSAGES.unknownSet) });

    // In use: neither the set nor the object can go, nor the set move to another object.
    const setRefused = await del(t, `${V2}/set/${set.setId}`, admin);
    expect(setRefused.statusCode).toBe(409);
    expect(setRefused.json().message).toBe('Used by 1 data access: inv-overdue');
    const moved = await put(
      t,
      `${V2}/set`,
      { setId: set.setId, applicationId: appId, objectId: other.objectId, name: 'Overdue', code: 'overdue' },
      admin,
    );
    expect(moved.statusCode).toBe(409);
    await del(t, `${V2}/set/${set.setId}`, admin);
    expect((await get(`${V2}/set/${set.setId}`)).statusCode).toBe(200);

    // An edit clears the scope, after which the set may go; the object still has one access.
    const cleared = await put(
      t,
      DA,
      { ...base, id: 'inv-overdue', resourceId: bySet.json().resourceId },
      admin,
    );
    expect(cleared.json()).toMatchObject({ objectId: null, setId: null });
    expect((await del(t, `${V2}/set/${set.setId}`, admin)).statusCode).toBe(204);
    const objectRefused = await del(t, `${V2}/object/${object.objectId}`, admin);
    expect(objectRefused.statusCode).toBe(409);
    expect(objectRefused.json().message).toBe('Used by 1 data access: inv-all');
    expect((await get(`${V2}/object/${object.objectId}`)).statusCode).toBe(200);
  });
});

describe('application scope', () => {
  it('keeps a delegated administrator to the records of their applications', async () => {
    const object = await created(`${V2}/object`, { applicationId: otherApp, name: 'Secret', code: 'secret' });
    const role = await t.createRole({
      permissions: [
        { permissionId: 'app-config.data-access', actions: ['retrieve', 'delete'], applicationIds: [appId] },
      ],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);
    expect((await get(`${V2}/object/${object.objectId}`, token)).statusCode).toBe(403);
    expect((await get(`${V2}/object?applicationId=${otherApp}`, token)).statusCode).toBe(403);
    expect((await get(`${V2}/object?applicationId=${appId}`, token)).statusCode).toBe(200);
    expect((await del(t, `${V2}/object/${object.objectId}`, token)).statusCode).toBe(403);
  });
});
