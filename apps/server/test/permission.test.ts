import {
  APP_CONFIG_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  pageSchema,
  permissionSchema,
} from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions } from '../src/db/schema/index.ts';
import { auditOf, createApplication, put, query, tokenWith } from './fixtures.ts';
import { build, byField, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let app: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  app = await createApplication(t.db, 'perm-app');
});

const LIST = '/api/admin-service/permission/getPermissionList';
const CREATE = '/api/admin-service/permission/createPermission';
const UPDATE = '/api/admin-service/permission/updatePermission';
const page = pageSchema(permissionSchema);
const list = (params: Record<string, unknown>, token = admin) => t.get(`${LIST}?${query(params)}`, token);
const ids = (body: unknown) => page.parse(body).content.map((p) => p.id);

async function create(body: Record<string, unknown>) {
  const res = await t.post(
    CREATE,
    { name: 'Read orders', resourceType: 'API', applicationId: app, ...body },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return permissionSchema.parse(res.json());
}

describe('POST /permission/createPermission', () => {
  it('creates a permission and audits it', async () => {
    const created = await create({ id: 'orders:read' });
    expect(created).toMatchObject({
      name: 'Read orders',
      id: 'orders:read',
      resourceType: 'API',
      applicationId: app,
    });
    const audits = await auditOf(t.db, 'permission', created.resourceId);
    expect(audits).toMatchObject([{ action: 'create', before: null, after: created }]);
  });

  it('requires name, id and resourceType, and accepts only API', async () => {
    const res = await t.post(CREATE, { applicationId: app }, admin);
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({
      name: en(MESSAGES.required),
      id: en(MESSAGES.required),
      resourceType: en(MESSAGES.required),
    });
    const ui = await t.post(CREATE, { name: 'n', id: 'n', resourceType: 'UI', applicationId: app }, admin);
    expect(ui.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(ui.json()))).toEqual(['resourceType']);
  });

  it('requires applicationId (400) and knows it (404)', async () => {
    const body = { name: 'n', id: 'n', resourceType: 'API' };
    expect(fieldMessages((await t.post(CREATE, body, admin)).json())).toEqual({
      applicationId: en(MESSAGES.required),
    });
    expect((await t.post(CREATE, { ...body, applicationId: 'nope' }, admin)).statusCode).toBe(404);
  });

  it('answers 409 for a taken id without an audit record', async () => {
    await create({ id: 'p-dup' });
    const before = (await auditOf(t.db, 'permission')).length;
    const res = await t.post(
      CREATE,
      { name: 'x', id: 'p-dup', resourceType: 'API', applicationId: app },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.CONFLICT,
      message: en(MESSAGES.duplicateId),
      fields: { id: en(MESSAGES.duplicateId) },
    });
    expect(await auditOf(t.db, 'permission')).toHaveLength(before);
  });
});

describe('PUT /permission/updatePermission', () => {
  it('updates and audits before and after', async () => {
    const created = await create({ id: 'p-edit' });
    const res = await put(t, UPDATE, { ...created, name: 'Renamed' }, admin);
    expect(res.statusCode).toBe(200);
    const updated = permissionSchema.parse(res.json());
    expect(updated.name).toBe('Renamed');
    const audits = await auditOf(t.db, 'permission', created.resourceId);
    expect(audits[1]).toMatchObject({ action: 'update', before: created, after: updated });
  });

  it('answers 404 for a missing record, 409 for a taken id, 400 for another application', async () => {
    const missing = await put(
      t,
      UPDATE,
      { resourceId: crypto.randomUUID(), name: 'n', id: 'n', resourceType: 'API', applicationId: app },
      admin,
    );
    expect(missing.statusCode).toBe(404);
    await create({ id: 'p-taken' });
    const mine = await create({ id: 'p-mine' });
    expect((await put(t, UPDATE, { ...mine, id: 'p-taken' }, admin)).statusCode).toBe(409);
    const other = await createApplication(t.db);
    const moved = await put(t, UPDATE, { ...mine, applicationId: other }, admin);
    expect(moved.statusCode).toBe(400);
    expect(fieldMessages(moved.json())).toEqual({ applicationId: en(APP_CONFIG_MESSAGES.movedApplication) });
    expect(await auditOf(t.db, 'permission', mine.resourceId)).toHaveLength(1);
  });
});

describe('a renamed permission carries its role grants along', () => {
  it('moves every grant naming the old id to the new one, merging with one left behind', async () => {
    const p = await create({ id: 'invoices:read' });
    const holder = await t.createRole();
    const other = await t.createRole();
    await t.db.insert(rolePermissions).values([
      { roleId: holder.roleId, applicationId: app, permissionId: 'invoices:read', actions: ['retrieve'] },
      { roleId: other.roleId, applicationId: app, permissionId: 'invoices:read', actions: ['update'] },
      // A grant already naming the new id, as an earlier rename without this would have left.
      { roleId: other.roleId, applicationId: app, permissionId: 'invoices:view', actions: ['retrieve'] },
    ]);
    const res = await put(
      t,
      UPDATE,
      { ...p, id: 'invoices:view', createdDate: undefined, lastModifiedDate: undefined },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const grants = await t.db
      .select({
        roleId: rolePermissions.roleId,
        permissionId: rolePermissions.permissionId,
        actions: rolePermissions.actions,
      })
      .from(rolePermissions)
      .where(eq(rolePermissions.applicationId, app));
    expect(grants.filter((g) => g.permissionId === 'invoices:read')).toEqual([]);
    expect(grants.find((g) => g.roleId === holder.roleId)).toEqual({
      roleId: holder.roleId,
      permissionId: 'invoices:view',
      actions: ['retrieve'],
    });
    expect(grants.find((g) => g.roleId === other.roleId)?.actions.sort()).toEqual(['retrieve', 'update']);
    const [record] = (await auditOf(t.db, 'permission', p.resourceId)).filter((r) => r.action === 'update');
    expect(record?.after).toMatchObject({ id: 'invoices:view', grantsMoved: 1 });
  });
});

describe('GET /permission/getPermissionList', () => {
  let listed: string;
  beforeAll(async () => {
    listed = await createApplication(t.db);
    const start = Date.parse('2024-05-01T00:00:00Z');
    await t.db.insert(permissions).values(
      Array.from({ length: 15 }, (_, i) => ({
        applicationId: listed,
        id: `perm-${String(i).padStart(2, '0')}`,
        name: i % 2 === 0 ? `Read ${i}` : `Write ${i}`,
        resourceType: 'API' as const,
        createdAt: new Date(start + i * 3_600_000 * 6),
      })),
    );
  });

  it('pages newest first with the total; past the end is empty', async () => {
    const first = page.parse((await list({ applicationId: listed, size: 10 })).json());
    expect(first.totalElements).toBe(15);
    expect(first.content[0]!.id).toBe('perm-14');
    expect(ids((await list({ applicationId: listed, page: 1, size: 10 })).json())).toHaveLength(5);
    expect(ids((await list({ applicationId: listed, page: 1, size: 5 })).json())[0]).toBe('perm-09');
    expect(page.parse((await list({ applicationId: listed, page: 9 })).json())).toEqual({
      content: [],
      totalElements: 15,
    });
    expect((await list({ applicationId: listed, size: 101 })).statusCode).toBe(400);
    expect((await list({ applicationId: listed, size: 100 })).statusCode).toBe(200);
  });

  it('sorts by allowed fields only', async () => {
    expect(ids((await list({ applicationId: listed, sort: 'id,asc', size: 2 })).json())).toEqual([
      'perm-00',
      'perm-01',
    ]);
    expect((await list({ applicationId: listed, sort: 'category,asc' })).statusCode).toBe(400);
    expect((await list({ applicationId: listed, sort: 'resourceType,asc' })).statusCode).toBe(400);
  });

  it('searches by keyword, name, id, type and created days', async () => {
    expect(page.parse((await list({ applicationId: listed, keyword: 'WRITE' })).json()).totalElements).toBe(
      7,
    );
    expect(ids((await list({ applicationId: listed, name: 'read 1' })).json())).toEqual([
      'perm-14',
      'perm-12',
      'perm-10',
    ]);
    expect(ids((await list({ applicationId: listed, id: 'm-03' })).json())).toEqual(['perm-03']);
    const typed = await t.get(`${LIST}?applicationId=${listed}&resourceType[0]=API&size=100`, admin);
    expect(page.parse(typed.json()).totalElements).toBe(15);
    expect((await t.get(`${LIST}?applicationId=${listed}&resourceType[0]=UI`, admin)).statusCode).toBe(400);
    // Four rows a day from 2024/05/01: the second day holds perm-04 … perm-07.
    const day = await list({ applicationId: listed, createdFrom: '2024/05/02', createdTo: '2024/05/02' });
    expect(ids(day.json())).toEqual(['perm-07', 'perm-06', 'perm-05', 'perm-04']);
  });

  it('requires applicationId (400) and knows it (404)', async () => {
    expect(fieldMessages((await t.get(LIST, admin)).json())).toEqual({
      applicationId: en(MESSAGES.required),
    });
    expect((await list({ applicationId: 'nope' })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await list({ applicationId: app }, '')).statusCode).toBe(401);
    expect((await t.post(CREATE, {})).statusCode).toBe(401);
    expect((await put(t, UPDATE, {})).statusCode).toBe(401);
    const reader = await tokenWith(t, 'app-config.permission', ['retrieve']);
    expect((await list({ applicationId: app }, reader)).statusCode).toBe(200);
    const body = { name: 'n', id: 'denied', resourceType: 'API', applicationId: app };
    expect((await t.post(CREATE, body, reader)).statusCode).toBe(403);
    const mine = await create({ id: 'p-locked' });
    expect((await put(t, UPDATE, mine, reader)).statusCode).toBe(403);
    const other = await tokenWith(t, 'app-config.data-access', ['retrieve', 'create', 'update']);
    expect((await list({ applicationId: app }, other)).statusCode).toBe(403);
  });
});
