import {
  APP_CONFIG_MESSAGES,
  applicationSchema,
  ERROR_CODES,
  MESSAGES,
  PLATFORM_APP_ID,
  pageSchema,
} from '@gatehouse/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications, products } from '../src/db/schema/index.ts';
import { auditOf, query, tokenWith } from './fixtures.ts';
import { build, byField, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
});

const BASE = '/api/admin-service/v2/application';
const page = pageSchema(applicationSchema);
const list = (params: Record<string, unknown>, token = admin) => t.get(`${BASE}?${query(params)}`, token);

describe('POST /v2/application', () => {
  it('creates an application and audits it', async () => {
    const res = await t.post(BASE, { applicationId: 'shop', name: 'Shop', description: 'The shop' }, admin);
    expect(res.statusCode).toBe(201);
    const created = applicationSchema.parse(res.json());
    expect(created).toMatchObject({
      applicationId: 'shop',
      name: 'Shop',
      description: 'The shop',
      productId: null,
      status: 'ENABLED',
      builtin: false,
      openToAllUsers: false,
    });
    expect(await auditOf(t.db, 'application', 'shop')).toMatchObject([{ action: 'create', after: created }]);
  });

  it('requires applicationId and name', async () => {
    const res = await t.post(BASE, {}, admin);
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({
      applicationId: en(MESSAGES.required),
      name: en(MESSAGES.required),
    });
  });

  it('answers 409 for a taken applicationId, without an audit record', async () => {
    const before = (await auditOf(t.db, 'application')).length;
    const res = await t.post(BASE, { applicationId: PLATFORM_APP_ID, name: 'Again' }, admin);
    expect(res.statusCode).toBe(409);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.CONFLICT,
      fields: { applicationId: en(APP_CONFIG_MESSAGES.duplicateApplicationId) },
    });
    expect(await auditOf(t.db, 'application')).toHaveLength(before);
  });

  it('refuses ids that a fixed path would shadow, and unknown products', async () => {
    for (const applicationId of ['client', 'export']) {
      const reserved = await t.post(BASE, { applicationId, name: 'x' }, admin);
      expect(reserved.statusCode, applicationId).toBe(400);
      expect(fieldMessages(reserved.json())).toEqual({
        applicationId: en(APP_CONFIG_MESSAGES.reservedApplicationId),
      });
    }
    for (const productId of ['nope', crypto.randomUUID()]) {
      const res = await t.post(BASE, { applicationId: 'with-product', name: 'x', productId }, admin);
      expect(fieldMessages(res.json())).toEqual({ productId: en(APP_CONFIG_MESSAGES.unknownProduct) });
    }
    const [product] = await t.db.insert(products).values({ id: 'retail', name: 'Retail' }).returning();
    const ok = await t.post(
      BASE,
      { applicationId: 'with-product', name: 'x', productId: product!.productId },
      admin,
    );
    expect(ok.json()).toMatchObject({ productId: product!.productId });
  });
});

describe('open to all users', () => {
  it('is set on create, changed by PUT /v2/application and audited', async () => {
    const res = await t.post(BASE, { applicationId: 'kiosk', name: 'Kiosk', openToAllUsers: true }, admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ applicationId: 'kiosk', openToAllUsers: true });
    expect((await t.get(`${BASE}/kiosk`, admin)).json()).toMatchObject({ openToAllUsers: true });

    const put = await t.inject({
      method: 'PUT',
      url: BASE,
      headers: { authorization: `Bearer ${admin}` },
      payload: { applicationId: 'kiosk', openToAllUsers: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    const updated = applicationSchema.parse(put.json());
    expect(updated).toMatchObject({ name: 'Kiosk', openToAllUsers: false });
    const records = await auditOf(t.db, 'application', 'kiosk');
    expect(records).toMatchObject([
      { action: 'create', after: { openToAllUsers: true } },
      { action: 'update', before: { openToAllUsers: true }, after: { openToAllUsers: false } },
    ]);
    const [row] = (await t.db.select().from(applications)).filter((a) => a.applicationId === 'kiosk');
    expect(row!.openToAllUsers).toBe(false);
  });

  it('PUT answers 404 for an unknown application and 400 for a wrong type', async () => {
    const put = (payload: object) =>
      t.inject({ method: 'PUT', url: BASE, headers: { authorization: `Bearer ${admin}` }, payload });
    expect((await put({ applicationId: 'no-such-app', openToAllUsers: true })).statusCode).toBe(404);
    expect((await put({ applicationId: 'kiosk', openToAllUsers: 'yes' })).statusCode).toBe(400);
  });
});

describe('GET /v2/application and /v2/application/{id}', () => {
  beforeAll(async () => {
    const start = Date.parse('2023-01-01T00:00:00Z');
    await t.db.insert(applications).values(
      Array.from({ length: 12 }, (_, i) => ({
        applicationId: `listed-${String(i).padStart(2, '0')}`,
        name: i % 2 === 0 ? `Even ${i}` : `Odd ${i}`,
        status: i < 2 ? ('DISABLED' as const) : ('ENABLED' as const),
        createdAt: new Date(start + i * 86_400_000),
      })),
    );
  });

  it('gives one application, or 404', async () => {
    const res = await t.get(`${BASE}/${PLATFORM_APP_ID}`, admin);
    expect(res.statusCode).toBe(200);
    expect(applicationSchema.parse(res.json())).toMatchObject({
      applicationId: PLATFORM_APP_ID,
      builtin: true,
    });
    expect((await t.get(`${BASE}/missing`, admin)).statusCode).toBe(404);
  });

  it('pages, newest first, and sorts by allowed fields only', async () => {
    const all = page.parse((await list({ size: 100 })).json());
    expect(all.totalElements).toBe(all.content.length);
    const dates = all.content.map((a) => a.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const oldest = page.parse((await list({ sort: 'createdDate,asc', size: 3, page: 1 })).json());
    expect(oldest.content.map((a) => a.applicationId)).toEqual(['listed-03', 'listed-04', 'listed-05']);
    const byId = page.parse((await list({ sort: 'applicationId,desc', size: 1 })).json());
    expect(byId.content[0]!.applicationId).toBe('with-product');
    expect((await list({ sort: 'builtin,asc' })).statusCode).toBe(400);
    expect((await list({ size: 101 })).statusCode).toBe(400);
    expect(page.parse((await list({ page: 50 })).json()).content).toEqual([]);
  });

  it('searches by keyword, fields, status and created days', async () => {
    const names = async (params: Record<string, unknown>) =>
      page
        .parse((await list({ size: 100, sort: 'applicationId,asc', ...params })).json())
        .content.map((a) => a.applicationId);
    expect(await names({ keyword: 'ODD 1' })).toEqual(['listed-01', 'listed-11']);
    expect(await names({ keyword: 'the shop' })).toEqual(['shop']);
    expect(await names({ applicationId: 'listed-0', name: 'even' })).toEqual([
      'listed-00',
      'listed-02',
      'listed-04',
      'listed-06',
      'listed-08',
    ]);
    expect(await names({ status: ['DISABLED'] })).toEqual(['listed-00', 'listed-01']);
    expect(await names({ createdFrom: '2023/01/02', createdTo: '2023/01/03' })).toEqual([
      'listed-01',
      'listed-02',
    ]);
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 without a right to read applications', async () => {
    expect((await t.get(BASE)).statusCode).toBe(401);
    expect((await t.get(`${BASE}/${PLATFORM_APP_ID}`)).statusCode).toBe(401);
    expect((await t.post(BASE, {})).statusCode).toBe(401);
    const reader = await tokenWith(t, 'admin-setting.application', ['retrieve']);
    expect((await list({}, reader)).statusCode).toBe(200);
    expect((await t.get(`${BASE}/${PLATFORM_APP_ID}`, reader)).statusCode).toBe(200);
    expect((await t.post(BASE, { applicationId: 'denied', name: 'x' }, reader)).statusCode).toBe(403);
    const other = await tokenWith(t, 'admin-setting.manage-user', ['retrieve']);
    expect((await list({}, other)).statusCode).toBe(403);
    expect((await t.get(`${BASE}/${PLATFORM_APP_ID}`, other)).statusCode).toBe(403);
  });

  it('lets a reader of any App Configuration area list and read applications, for the switcher', async () => {
    for (const area of [
      'app-config.client',
      'app-config.data-access',
      'app-config.permission',
      'app-config.resource',
    ]) {
      const reader = await tokenWith(t, area, ['retrieve']);
      expect((await list({}, reader)).statusCode, area).toBe(200);
      expect((await t.get(`${BASE}/${PLATFORM_APP_ID}`, reader)).statusCode, area).toBe(200);
      expect((await t.post(BASE, { applicationId: 'denied', name: 'x' }, reader)).statusCode, area).toBe(403);
    }
    const writer = await tokenWith(t, 'app-config.client', ['create', 'update']);
    expect((await list({}, writer)).statusCode).toBe(403);
  });
});
