/**
 * The data dictionary (spec §7, §9), on PGlite and PostgreSQL: the two legacy reads with
 * `applicationId[0]=…` and `status=-1`, the seeded data-access categories, and the v2
 * management of dictionaries and items with its 400s, 409s and audit records.
 */
import { DATA_ACCESS_CATEGORY_DICTIONARY, MESSAGES } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { auditOf, createApplication, del, put, query } from './fixtures.ts';
import { build, en, fieldMessages } from './helper.ts';

const t = await build();

const V2 = '/api/admin-service/v2';
const admin = await t.login();
const post = (url: string, body: unknown) => t.post(url, body as Record<string, unknown>, admin);
const created = async (url: string, body: unknown) => {
  const res = await post(url, body);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const legacyList = (params: Record<string, unknown>, token = admin) =>
  t.get(`/api/admin-service/dictionary/list?${query(params)}`, token);

describe('the legacy reads', () => {
  it('lists the platform dictionaries with the seeded data-access categories', async () => {
    const res = await legacyList({ applicationId: ['platform'], status: -1 });
    expect(res.statusCode, res.body).toBe(200);
    const categories = res.json().find((d: { code: string }) => d.code === DATA_ACCESS_CATEGORY_DICTIONARY);
    expect(categories).toMatchObject({ dictionaryName: 'Data access categories', allowCustom: true });
    expect(categories.items.map((i: { code: string }) => i.code)).toEqual([
      'personal',
      'business',
      'financial',
      'system',
    ]);
    expect(categories.items[0]).toMatchObject({ labelEn: 'Personal data', labelZh: '个人数据', order: 1 });
  });

  it('filters by status: -1 is all, the default is the enabled ones', async () => {
    const app = await createApplication(t.db);
    const on = await created(`${V2}/dictionary`, { applicationId: app, code: 'on', name: 'On' });
    const off = await created(`${V2}/dictionary`, { applicationId: app, code: 'off', name: 'Off' });
    await put(t, `${V2}/dictionary/${off.dictionaryId}/status`, { status: 'DISABLED' }, admin);
    const item = await created(`${V2}/dictionary/item`, {
      dictionaryId: on.dictionaryId,
      code: 'b',
      labelEn: 'B',
      labelZh: '乙',
      order: 2,
    });
    await created(`${V2}/dictionary/item`, {
      dictionaryId: on.dictionaryId,
      code: 'a',
      labelEn: 'A',
      labelZh: '甲',
    });
    await put(t, `${V2}/dictionary/item/${item.itemId}/status`, { status: 'DISABLED' }, admin);

    const codes = async (status?: number) =>
      (await legacyList({ applicationId: [app], ...(status === undefined ? {} : { status }) }))
        .json()
        .map((d: { code: string }) => d.code);
    expect(await codes(-1)).toEqual(['off', 'on']);
    expect(await codes()).toEqual(['on']);

    const items = async (status?: number) =>
      (
        await t.get(
          `/api/admin-service/dictionary/item/?${query({ dictionaryId: on.dictionaryId, status })}`,
          admin,
        )
      )
        .json()
        .map((i: { code: string }) => i.code);
    expect(await items(-1)).toEqual(['a', 'b']);
    expect(await items()).toEqual(['a']);
  });

  it('answers bad parameters with 400 and an unknown dictionary with 404', async () => {
    expect((await legacyList({ status: -1 })).statusCode).toBe(400);
    expect((await legacyList({ applicationId: ['platform'], status: 7 })).statusCode).toBe(400);
    const missing = await t.get('/api/admin-service/dictionary/item/?dictionaryId=nope', admin);
    expect(missing.statusCode).toBe(400);
    expect(fieldMessages(missing.json())).toEqual({ dictionaryId: en(MESSAGES.required) });
    const unknown = await t.get(
      '/api/admin-service/dictionary/item/?dictionaryId=00000000-0000-4000-8000-000000000000',
      admin,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lets a delegated administrator read the platform’s and their own applications’ dictionaries only', async () => {
    const mine = await createApplication(t.db);
    const theirs = await createApplication(t.db);
    const role = await t.createRole({
      permissions: [
        { permissionId: 'app-config.data-access', actions: ['retrieve'], applicationIds: [mine] },
      ],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);
    expect((await legacyList({ applicationId: ['platform', mine], status: -1 }, token)).statusCode).toBe(200);
    expect((await legacyList({ applicationId: [theirs], status: -1 }, token)).statusCode).toBe(403);
    expect((await post(`${V2}/dictionary`, { applicationId: mine, code: 'x', name: 'x' })).statusCode).toBe(
      201,
    );
    const noWrite = await t.post(`${V2}/dictionary`, { applicationId: mine, code: 'y', name: 'y' }, token);
    expect(noWrite.statusCode).toBe(403);
  });
});

describe('v2 management', () => {
  it('creates, lists, updates, toggles and deletes dictionaries and items, each audited', async () => {
    const app = await createApplication(t.db);
    const dictionary = await created(`${V2}/dictionary`, {
      applicationId: app,
      code: 'colours',
      name: 'Colours',
      allowCustom: true,
    });
    expect(dictionary).toMatchObject({ code: 'colours', allowCustom: true, status: 'ENABLED' });
    expect((await t.get(`${V2}/dictionary/${dictionary.dictionaryId}`, admin)).json()).toEqual(dictionary);
    const list = (
      await t.get(`${V2}/dictionary?${query({ applicationId: app, keyword: 'colo' })}`, admin)
    ).json();
    expect(list).toEqual({ content: [dictionary], totalElements: 1 });

    const dup = await post(`${V2}/dictionary`, { applicationId: app, code: 'colours', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(fieldMessages(dup.json())).toHaveProperty('code');
    const bad = await post(`${V2}/dictionary`, { applicationId: app, code: '', name: 'a\u0000b' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(bad.json())).sort()).toEqual(['code', 'name']);

    const red = await created(`${V2}/dictionary/item`, {
      dictionaryId: dictionary.dictionaryId,
      code: 'red',
      labelEn: 'Red',
      labelZh: '红',
    });
    const dupItem = await post(`${V2}/dictionary/item`, {
      dictionaryId: dictionary.dictionaryId,
      code: 'red',
      labelEn: 'Red',
      labelZh: '红',
    });
    expect(dupItem.statusCode).toBe(409);
    const badItem = await post(`${V2}/dictionary/item`, { dictionaryId: dictionary.dictionaryId, code: 'x' });
    expect(fieldMessages(badItem.json())).toEqual({
      labelEn: en(MESSAGES.required),
      labelZh: en(MESSAGES.required),
    });
    const unknownDictionary = await post(`${V2}/dictionary/item`, {
      dictionaryId: '00000000-0000-4000-8000-000000000000',
      code: 'x',
      labelEn: 'x',
      labelZh: 'x',
    });
    expect(unknownDictionary.statusCode).toBe(400);
    expect(fieldMessages(unknownDictionary.json())).toHaveProperty('dictionaryId');

    const renamed = await put(
      t,
      `${V2}/dictionary/item`,
      {
        itemId: red.itemId,
        dictionaryId: dictionary.dictionaryId,
        code: 'red',
        labelEn: 'Crimson',
        labelZh: '深红',
        order: 3,
      },
      admin,
    );
    expect(renamed.json()).toMatchObject({ labelEn: 'Crimson', order: 3 });
    const items = (
      await t.get(`${V2}/dictionary/item?${query({ dictionaryId: dictionary.dictionaryId })}`, admin)
    ).json();
    expect(items.content.map((i: { code: string }) => i.code)).toEqual(['red']);

    const updated = await put(
      t,
      `${V2}/dictionary`,
      {
        dictionaryId: dictionary.dictionaryId,
        applicationId: app,
        code: 'colours',
        name: 'Colors',
        allowCustom: false,
      },
      admin,
    );
    expect(updated.json()).toMatchObject({ name: 'Colors', allowCustom: false });
    expect((await del(t, `${V2}/dictionary/item/${red.itemId}`, admin)).statusCode).toBe(204);
    expect((await del(t, `${V2}/dictionary/${dictionary.dictionaryId}`, admin)).statusCode).toBe(204);
    expect((await t.get(`${V2}/dictionary/${dictionary.dictionaryId}`, admin)).statusCode).toBe(404);
    expect((await auditOf(t.db, 'dictionary', dictionary.dictionaryId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
    expect((await auditOf(t.db, 'dictionary-item', red.itemId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});
