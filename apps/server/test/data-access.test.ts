import {
  APP_CONFIG_MESSAGES,
  dataAccessSchema,
  ERROR_CODES,
  MESSAGES,
  pageSchema,
} from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataAccesses } from '../src/db/schema/index.ts';
import { auditOf, createApplication, put, query, seedDataAccesses, tokenWith } from './fixtures.ts';
import { build, byField, en, fieldMessage, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
let app: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  app = await createApplication(t.db, 'da-app');
});

const LIST = '/api/admin-service/data/accesses';
const ONE = '/api/admin-service/data/access';
const CATEGORIES = '/api/admin-service/data/access/categories';
const page = pageSchema(dataAccessSchema);

const list = (params: Record<string, unknown>, token = admin) => t.get(`${LIST}?${query(params)}`, token);
const ids = (body: unknown) => page.parse(body).content.map((d) => d.id);

async function create(body: Record<string, unknown>) {
  const res = await t.post(ONE, { name: 'Orders', category: 'sales', applicationId: app, ...body }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return dataAccessSchema.parse(res.json());
}

describe('POST /data/access', () => {
  it('creates a data access, answers it, and audits it in the same change', async () => {
    const res = await t.post(
      ONE,
      { name: ' Orders ', id: 'orders', category: 'sales', applicationId: app },
      admin,
    );
    expect(res.statusCode).toBe(201);
    const created = dataAccessSchema.parse(res.json());
    expect(created).toMatchObject({ name: 'Orders', id: 'orders', category: 'sales', applicationId: app });
    expect(created.resourceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(created.createdDate).toISOString()).toBe(created.createdDate);
    const audits = await auditOf(t.db, 'data-access', created.resourceId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'create', actorName: 'admin', before: null, after: created });
  });

  it('requires name, id and category with the form message', async () => {
    const res = await t.post(ONE, { applicationId: app }, admin);
    expect(res.statusCode).toBe(400);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      fields: { name: en(MESSAGES.required), id: en(MESSAGES.required), category: en(MESSAGES.required) },
    });
    const blank = await t.post(ONE, { name: '  ', id: 'x', category: '', applicationId: app }, admin);
    expect(fieldMessages(blank.json())).toEqual({
      name: en(MESSAGES.required),
      category: en(MESSAGES.required),
    });
  });

  it('requires applicationId (400) and knows it (404)', async () => {
    const missing = await t.post(ONE, { name: 'a', id: 'a', category: 'c' }, admin);
    expect(missing.statusCode).toBe(400);
    expect(fieldMessages(missing.json())).toEqual({ applicationId: en(MESSAGES.required) });
    const unknown = await t.post(ONE, { name: 'a', id: 'a', category: 'c', applicationId: 'nope' }, admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('rejects an id with characters outside the code alphabet', async () => {
    const res = await t.post(ONE, { name: 'a', id: 'has space', category: 'c', applicationId: app }, admin);
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res.json(), 'id')).toBeDefined();
  });

  it('answers 409 for an id already used in the application, and writes nothing', async () => {
    await create({ id: 'dup' });
    const before = (await auditOf(t.db, 'data-access')).length;
    const res = await t.post(ONE, { name: 'Other', id: 'dup', category: 'x', applicationId: app }, admin);
    expect(res.statusCode).toBe(409);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.CONFLICT,
      message: en(MESSAGES.duplicateId),
      fields: { id: en(MESSAGES.duplicateId) },
    });
    expect(await auditOf(t.db, 'data-access')).toHaveLength(before);
    // The same id is free in another application.
    const other = await createApplication(t.db);
    const elsewhere = await t.post(
      ONE,
      { name: 'Other', id: 'dup', category: 'x', applicationId: other },
      admin,
    );
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('PUT /data/access', () => {
  it('updates and audits before and after', async () => {
    const created = await create({ id: 'to-edit' });
    const res = await put(t, ONE, { ...created, name: 'Edited', category: 'ops' }, admin);
    expect(res.statusCode).toBe(200);
    const updated = dataAccessSchema.parse(res.json());
    expect(updated).toMatchObject({ resourceId: created.resourceId, name: 'Edited', category: 'ops' });
    expect(updated.createdDate).toBe(created.createdDate);
    expect(updated.lastModifiedDate >= created.lastModifiedDate).toBe(true);
    const audits = await auditOf(t.db, 'data-access', created.resourceId);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audits[1]).toMatchObject({ before: created, after: updated });
  });

  it('answers 404 for a missing record, 400 without resourceId, 409 for a taken id', async () => {
    const body = { name: 'a', id: 'a1', category: 'c', applicationId: app };
    const missing = await put(t, ONE, { ...body, resourceId: '00000000-0000-4000-8000-000000000000' }, admin);
    expect(missing.statusCode).toBe(404);
    const noKey = await put(t, ONE, body, admin);
    expect(noKey.statusCode).toBe(400);
    expect(fieldMessages(noKey.json())).toEqual({ resourceId: en(MESSAGES.required) });

    await create({ id: 'taken' });
    const mine = await create({ id: 'mine' });
    const auditsBefore = (await auditOf(t.db, 'data-access', mine.resourceId)).length;
    const res = await put(t, ONE, { ...mine, id: 'taken' }, admin);
    expect(res.statusCode).toBe(409);
    expect(fieldMessages(res.json())).toEqual({ id: en(MESSAGES.duplicateId) });
    expect(await auditOf(t.db, 'data-access', mine.resourceId)).toHaveLength(auditsBefore);
  });

  it('cannot move a record to another application', async () => {
    const other = await createApplication(t.db);
    const mine = await create({ id: 'stay' });
    const res = await put(t, ONE, { ...mine, applicationId: other }, admin);
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({ applicationId: en(APP_CONFIG_MESSAGES.movedApplication) });
    const [row] = await t.db.select().from(dataAccesses).where(eq(dataAccesses.resourceId, mine.resourceId));
    expect(row!.applicationId).toBe(app);
  });
});

describe('GET /data/accesses', () => {
  let big: string;
  beforeAll(async () => {
    big = await createApplication(t.db, 'da-big');
    // 25 rows: da-000000 oldest … da-000024 newest, categories category-0 … category-9.
    await seedDataAccesses(t.db, big, 25, { start: new Date('2024-03-01T00:00:00Z') });
  });

  it('pages newest first by default, with the total', async () => {
    const first = await list({ applicationId: big, page: 0, size: 10 });
    expect(first.statusCode).toBe(200);
    const body = page.parse(first.json());
    expect(body.totalElements).toBe(25);
    expect(body.content.map((d) => d.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `da-${String(24 - i).padStart(6, '0')}`),
    );
    const middle = page.parse((await list({ applicationId: big, page: 1, size: 10 })).json());
    expect(middle.content[0]!.id).toBe('da-000014');
    expect(middle.totalElements).toBe(25);
    const last = page.parse((await list({ applicationId: big, page: 2, size: 10 })).json());
    expect(last.content.map((d) => d.id)).toEqual([
      'da-000004',
      'da-000003',
      'da-000002',
      'da-000001',
      'da-000000',
    ]);
    expect(last.totalElements).toBe(25);
    const past = page.parse((await list({ applicationId: big, page: 7, size: 10 })).json());
    expect(past).toEqual({ content: [], totalElements: 25 });
  });

  it('defaults to page 0 and size 10, caps size at 100', async () => {
    expect(ids((await list({ applicationId: big })).json())).toHaveLength(10);
    const hundred = await list({ applicationId: big, size: 100 });
    expect(hundred.statusCode).toBe(200);
    expect(ids(hundred.json())).toHaveLength(25);
    const over = await list({ applicationId: big, size: 101 });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(over.json()))).toEqual(['size']);
    expect((await list({ applicationId: big, page: -1 })).statusCode).toBe(400);
  });

  it('sorts by an allowed field and refuses any other', async () => {
    const byName = ids((await list({ applicationId: big, sort: 'name,asc', size: 3 })).json());
    expect(byName).toEqual(['da-000000', 'da-000001', 'da-000010']); // text order of "Data access N"
    const oldest = ids((await list({ applicationId: big, sort: 'createdDate,asc', size: 2 })).json());
    expect(oldest).toEqual(['da-000000', 'da-000001']);
    const byCategory = page.parse(
      (await list({ applicationId: big, sort: 'category,desc', size: 3 })).json(),
    );
    expect(byCategory.content.map((d) => d.category)).toEqual(['category-9', 'category-9', 'category-8']);
    for (const sort of ['applicationId,asc', 'name,sideways', 'resourceId', 'name,asc,extra']) {
      const res = await list({ applicationId: big, sort });
      expect(res.statusCode, sort).toBe(400);
      expect(fieldMessages(res.json())).toEqual({ sort: en(APP_CONFIG_MESSAGES.invalidSort) });
    }
  });

  it('searches by keyword across the text fields, case-insensitively', async () => {
    const byId = page.parse((await list({ applicationId: big, keyword: 'DA-00001' })).json());
    expect(byId.totalElements).toBe(10);
    const byCategory = page.parse(
      (await list({ applicationId: big, keyword: 'Category-3', size: 100 })).json(),
    );
    expect(byCategory.content.map((d) => d.id).sort()).toEqual(['da-000003', 'da-000013', 'da-000023']);
    // LIKE wildcards in the input match themselves only.
    expect(page.parse((await list({ applicationId: big, keyword: '%' })).json()).totalElements).toBe(0);
    expect(page.parse((await list({ applicationId: big, keyword: '' })).json()).totalElements).toBe(25);
  });

  it('matches a keyword of several words as one piece of text, not as words found apart', async () => {
    // Several words are also matched word by word (lib/listing.ts contains), for the index's sake;
    // the result must stay that of the whole text.
    const invoices = await createApplication(t.db);
    await t.db.insert(dataAccesses).values(
      [
        ['inv-1', 'Invoice 20240 paid', 'billing'],
        ['inv-2', 'Invoice 20241 paid', 'billing'],
        ['inv-3', 'paid Invoice 20240', 'billing'],
        ['inv-4', 'Invoice 20240  paid', 'billing'],
        ['inv-20240', 'Invoice paid', 'billing'],
      ].map(([id, name, category]) => ({
        applicationId: invoices,
        id: id!,
        name: name!,
        category: category!,
      })),
    );
    const found = async (keyword: string) =>
      ids((await list({ applicationId: invoices, keyword, size: 100 })).json()).sort();
    expect(await found('invoice 20240 PAID')).toEqual(['inv-1']);
    expect(await found('Invoice 20240')).toEqual(['inv-1', 'inv-3', 'inv-4']);
    // Both words are in inv-3 and in inv-4 (two spaces), but not as the whole text.
    expect(await found('20240 paid')).toEqual(['inv-1']);
    expect(await found('paid invoice')).toEqual(['inv-3']);
    // In one field (the id inv-20240) and across fields, words found apart are no match.
    expect(await found('inv 20240')).toEqual([]);
    expect(await found('paid billing')).toEqual([]);
  });

  it('keeps the keyword indexes current at each write, with no pending list for a search to read', async () => {
    // GIN's pending list (fastupdate) grows under a stream of creates until a vacuum; every
    // keyword search reads it whole, and the planner turns to reading the application's rows.
    const result = (await t.db.execute(sql`
      select c.relname as name, coalesce(c.reloptions::text[], '{}') as options
      from pg_class c join pg_am am on am.oid = c.relam
      where c.relkind = 'i' and am.amname = 'gin' order by c.relname`)) as unknown as {
      rows: { name: string; options: string[] }[];
    };
    const indexes = result.rows;
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['data_accesses_name_trgm_idx', 'users_email_trgm_idx']),
    );
    for (const index of indexes) expect(index.options, index.name).toContain('fastupdate=off');
  });

  it('searches per field, and by categories in the indices format or as one value', async () => {
    expect(page.parse((await list({ applicationId: big, name: 'access 2' })).json()).totalElements).toBe(6);
    expect(ids((await list({ applicationId: big, id: '000007' })).json())).toEqual(['da-000007']);
    const two = await t.get(
      `${LIST}?applicationId=${big}&category[0]=category-1&category[1]=category-2&size=100`,
      admin,
    );
    expect(page.parse(two.json()).totalElements).toBe(6);
    const one = await t.get(`${LIST}?applicationId=${big}&category=category-4`, admin);
    expect(ids(one.json())).toEqual(['da-000024', 'da-000014', 'da-000004']);
    const both = await list({ applicationId: big, category: ['category-4'], name: '14' });
    expect(ids(both.json())).toEqual(['da-000014']);
  });

  it('filters by created day range, inclusive, in UTC', async () => {
    const dated = await createApplication(t.db);
    await t.db.insert(dataAccesses).values(
      [
        ['d1', '2024-01-01T23:59:59Z'],
        ['d2', '2024-01-02T00:00:00Z'],
        ['d3', '2024-01-02T23:59:59.999Z'],
        ['d4', '2024-01-03T00:00:00Z'],
      ].map(([id, at]) => ({
        applicationId: dated,
        id: id!,
        name: id!,
        category: 'c',
        createdAt: new Date(at!),
      })),
    );
    const day = await list({ applicationId: dated, createdFrom: '2024/01/02', createdTo: '2024/01/02' });
    expect(ids(day.json())).toEqual(['d3', 'd2']);
    expect(ids((await list({ applicationId: dated, createdFrom: '2024/01/02' })).json())).toEqual([
      'd4',
      'd3',
      'd2',
    ]);
    expect(ids((await list({ applicationId: dated, createdTo: '2024/01/01' })).json())).toEqual(['d1']);
    expect(ids((await list({ applicationId: dated, createdFrom: '', createdTo: '' })).json())).toHaveLength(
      4,
    );
    const badDay = await list({ applicationId: dated, createdFrom: '2024/02/31' });
    expect(badDay.statusCode).toBe(400);
    expect(fieldMessages(badDay.json())).toEqual({ createdFrom: en(APP_CONFIG_MESSAGES.invalidDate) });
    expect((await list({ applicationId: dated, createdTo: '2024-01-01' })).statusCode).toBe(400);
  });

  it('requires applicationId (400) and knows it (404)', async () => {
    const missing = await t.get(LIST, admin);
    expect(missing.statusCode).toBe(400);
    expect(fieldMessages(missing.json())).toEqual({ applicationId: en(MESSAGES.required) });
    expect((await list({ applicationId: 'no-such-app' })).statusCode).toBe(404);
  });

  it('keeps deep pages right on a larger application', async () => {
    const large = await createApplication(t.db);
    await seedDataAccesses(t.db, large, 3000);
    const deep = page.parse((await list({ applicationId: large, page: 150, size: 10 })).json());
    expect(deep.totalElements).toBe(3000);
    expect(deep.content.map((d) => d.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `da-${String(2999 - 1500 - i).padStart(6, '0')}`),
    );
  });
});

describe('the kept total', () => {
  it('follows bulk inserts, deletes and a truncate, and a search still counts', async () => {
    const kept = await createApplication(t.db);
    const other = await createApplication(t.db);
    await seedDataAccesses(t.db, kept, 25, { categories: 2 });
    await seedDataAccesses(t.db, other, 7);
    const totalOf = async (params: Record<string, unknown>) =>
      page.parse((await list({ applicationId: kept, size: 10, ...params })).json()).totalElements;
    expect(await totalOf({})).toBe(25);
    expect(await totalOf({ page: 2 })).toBe(25);
    expect(await totalOf({ page: 9 })).toBe(25);

    // Written straight to the database, as a bulk tool would: the triggers keep the count.
    await t.db
      .delete(dataAccesses)
      .where(and(eq(dataAccesses.applicationId, kept), eq(dataAccesses.category, 'category-0')));
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(dataAccesses)
      .where(eq(dataAccesses.applicationId, kept));
    expect(n).toBeLessThan(25);
    expect(await totalOf({})).toBe(n);
    expect(await totalOf({ category: ['category-1'] })).toBe(n);
    expect(await totalOf({ category: ['category-0'] })).toBe(0);
    expect(page.parse((await list({ applicationId: other })).json()).totalElements).toBe(7);

    await t.db.execute(sql`truncate data_accesses cascade`);
    expect(await totalOf({})).toBe(0);
    await create({ id: 'after-truncate', applicationId: kept });
    expect(await totalOf({})).toBe(1);
  });
});

describe('deep pages', () => {
  it('start from a remembered row only while no row was added or deleted in the application', async () => {
    const deep = await createApplication(t.db);
    // Rows three to a microsecond, so the order rests on the key as much as on the time.
    await t.db.execute(sql`
      insert into ${dataAccesses} (application_id, id, name, category, created_at, updated_at)
      select ${deep}, 'deep-' || lpad(i::text, 5, '0'), 'Deep ' || i, 'c',
             '2026-01-01T00:00:00Z'::timestamptz + (i / 3) * interval '1 microsecond', now()
      from generate_series(0, 2099) as i`);
    const expected = async (offset: number, dir: 'asc' | 'desc') => {
      const order = sql.raw(dir === 'desc' ? 'created_at desc, resource_id desc' : 'created_at, resource_id');
      const res = await t.db.execute(sql`
        select id from ${dataAccesses} where application_id = ${deep}
        order by ${order} limit 10 offset ${offset}`);
      return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    };
    const check = async (pageNo: number, dir: 'asc' | 'desc' = 'desc') => {
      const res = await list({ applicationId: deep, page: pageNo, size: 10, sort: `createdDate,${dir}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(res.json()), `page ${pageNo} ${dir}`).toEqual(await expected(pageNo * 10, dir));
      return page.parse(res.json()).totalElements;
    };

    // Each page is read twice: the second time from the row the first remembered.
    for (const pageNo of [150, 150, 151, 100, 120, 209, 209, 151]) expect(await check(pageNo)).toBe(2100);
    for (const pageNo of [150, 150, 160]) await check(pageNo, 'asc');
    // Past the last row, from a remembered row: empty, with the total.
    expect(await check(300)).toBe(2100);

    // A row created at the top moves every row one place down.
    const res = await t.post(
      ONE,
      { id: 'newest', name: 'Newest', category: 'c', applicationId: deep },
      admin,
    );
    expect(res.statusCode).toBe(201);
    for (const pageNo of [150, 151]) expect(await check(pageNo)).toBe(2101);

    // A bulk tool (or another instance) deletes one row and adds one before the remembered
    // rows: the same total, other rows on the page.
    await t.db.execute(sql`delete from ${dataAccesses} where application_id = ${deep} and id = 'deep-02000'`);
    await t.db.execute(sql`
      insert into ${dataAccesses} (application_id, id, name, category, created_at)
      values (${deep}, 'early', 'Early', 'c', '2025-01-01T00:00:00Z')`);
    for (const pageNo of [150, 150, 151]) expect(await check(pageNo)).toBe(2101);
    await check(150, 'asc');
  });
});

describe('GET /data/access/categories', () => {
  it('lists the distinct categories of the application, sorted', async () => {
    const cats = await createApplication(t.db);
    await seedDataAccesses(t.db, cats, 12, { categories: 3 });
    const res = await t.get(`${CATEGORIES}?applicationId=${cats}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['category-0', 'category-1', 'category-2']);
    expect((await t.get(`${CATEGORIES}?applicationId=nope`, admin)).statusCode).toBe(404);
    expect(fieldMessages((await t.get(CATEGORIES, admin)).json())).toEqual({
      applicationId: en(MESSAGES.required),
    });
  });
});

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    expect((await t.get(`${LIST}?applicationId=${app}`)).statusCode).toBe(401);
    expect((await t.get(`${CATEGORIES}?applicationId=${app}`)).statusCode).toBe(401);
    expect((await t.post(ONE, {})).statusCode).toBe(401);
    expect((await put(t, ONE, {})).statusCode).toBe(401);
  });

  it('answers 403 without the permission, and lets retrieve read but not write', async () => {
    const none = await tokenWith(t, 'app-config.data-access');
    expect((await list({ applicationId: app }, none)).statusCode).toBe(403);
    const reader = await tokenWith(t, 'app-config.data-access', ['retrieve']);
    expect((await list({ applicationId: app }, reader)).statusCode).toBe(200);
    expect((await t.get(`${CATEGORIES}?applicationId=${app}`, reader)).statusCode).toBe(200);
    const body = { name: 'n', id: 'denied', category: 'c', applicationId: app };
    expect((await t.post(ONE, body, reader)).statusCode).toBe(403);
    const mine = await create({ id: 'locked' });
    expect((await put(t, ONE, { ...mine, name: 'x' }, reader)).statusCode).toBe(403);
    const writer = await tokenWith(t, 'app-config.data-access', ['create']);
    expect((await t.post(ONE, body, writer)).statusCode).toBe(201);
  });
});
