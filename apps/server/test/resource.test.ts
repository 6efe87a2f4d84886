import {
  APP_CONFIG_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  pageSchema,
  type Resource,
  resourceSchema,
} from '@gatehouse/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/db/schema/index.ts';
import { auditOf, createApplication, put, query, tokenWith } from './fixtures.ts';
import { build, byField, en, fieldMessages, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
});

const LIST = '/api/admin-service/resources';
const ONE = '/api/admin-service/resource';
const page = pageSchema(resourceSchema);
const list = (params: Record<string, unknown>, token = admin) => t.get(`${LIST}?${query(params)}`, token);
const children = async (resourceId: string) => {
  const res = await t.get(`${LIST}/${resourceId}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as unknown[]).map((r) => resourceSchema.parse(r));
};

type Body = Record<string, unknown>;
const post = (body: Body) => t.post(ONE, { order: 1, status: 'ENABLED', ...body }, admin);
async function create(applicationId: string, body: Body): Promise<Resource> {
  const res = await post({ applicationId, name: body.id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return resourceSchema.parse(res.json());
}

/** category > menu > (menu > element, element) in a fresh application. */
async function tree() {
  const app = await createApplication(t.db);
  const category = await create(app, { id: 'cat', type: 'CATEGORY' });
  const menu = await create(app, { id: 'menu', type: 'MENU', parentId: category.resourceId, url: '/menu' });
  const submenu = await create(app, { id: 'sub', type: 'MENU', parentId: menu.resourceId, order: 2 });
  const element = await create(app, { id: 'el', type: 'ELEMENT', parentId: submenu.resourceId });
  const button = await create(app, { id: 'btn', type: 'ELEMENT', parentId: menu.resourceId, order: 1 });
  return { app, category, menu, submenu, element, button };
}

describe('POST /resource', () => {
  it('creates a category at the root, without url, and audits it', async () => {
    const app = await createApplication(t.db);
    const res = await post({ applicationId: app, name: 'Sales', id: 'sales', type: 'CATEGORY', url: '' });
    expect(res.statusCode).toBe(201);
    const created = resourceSchema.parse(res.json());
    expect(created).toMatchObject({
      name: 'Sales',
      id: 'sales',
      type: 'CATEGORY',
      url: null,
      order: 1,
      status: 'ENABLED',
      parentId: null,
      childCount: 0,
      applicationId: app,
    });
    expect(await auditOf(t.db, 'resource', created.resourceId)).toMatchObject([
      { action: 'create', after: created },
    ]);
  });

  it('creates menus under a category or a menu, and elements under a menu', async () => {
    const { category, menu, submenu, element } = await tree();
    expect(menu).toMatchObject({ type: 'MENU', parentId: category.resourceId, url: '/menu' });
    expect(submenu.parentId).toBe(menu.resourceId);
    expect(element).toMatchObject({ type: 'ELEMENT', parentId: submenu.resourceId });
  });

  it('requires name, id, type, order and status with the form message', async () => {
    const app = await createApplication(t.db);
    const res = await t.post(ONE, { applicationId: app }, admin);
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({
      name: en(MESSAGES.required),
      id: en(MESSAGES.required),
      type: en(MESSAGES.required),
      order: en(MESSAGES.required),
      status: en(MESSAGES.required),
    });
    const nullOrder = await t.post(
      ONE,
      { applicationId: app, name: 'n', id: 'n', type: 'CATEGORY', status: 'ENABLED', order: null },
      admin,
    );
    expect(fieldMessages(nullOrder.json())).toEqual({ order: en(MESSAGES.required) });
    const noApp = await post({ name: 'n', id: 'n', type: 'CATEGORY' });
    expect(fieldMessages(noApp.json())).toEqual({ applicationId: en(MESSAGES.required) });
    expect((await post({ applicationId: 'nope', name: 'n', id: 'n', type: 'CATEGORY' })).statusCode).toBe(
      404,
    );
  });

  it('accepts only the three types and the two statuses', async () => {
    const app = await createApplication(t.db);
    const api = await post({ applicationId: app, name: 'n', id: 'n', type: 'API' });
    expect(Object.keys(fieldMessages(api.json()))).toEqual(['type']);
    const status = await post({ applicationId: app, name: 'n', id: 'n', type: 'CATEGORY', status: 'ON' });
    expect(Object.keys(fieldMessages(status.json()))).toEqual(['status']);
  });

  it('refuses every illegal placement with a field message', async () => {
    const { app, category, menu, element } = await tree();
    const cases: [Body, Record<string, string>][] = [
      [
        { type: 'CATEGORY', parentId: category.resourceId },
        { parentId: en(APP_CONFIG_MESSAGES.categoryAtRoot) },
      ],
      [{ type: 'CATEGORY', parentId: menu.resourceId }, { parentId: en(APP_CONFIG_MESSAGES.categoryAtRoot) }],
      [{ type: 'CATEGORY', url: '/x' }, { url: en(APP_CONFIG_MESSAGES.categoryNoUrl) }],
      [{ type: 'MENU' }, { parentId: en(APP_CONFIG_MESSAGES.parentRequired) }],
      [{ type: 'MENU', parentId: element.resourceId }, { parentId: en(APP_CONFIG_MESSAGES.menuParent) }],
      [{ type: 'ELEMENT' }, { parentId: en(APP_CONFIG_MESSAGES.parentRequired) }],
      [
        { type: 'ELEMENT', parentId: category.resourceId },
        { parentId: en(APP_CONFIG_MESSAGES.elementParent) },
      ],
      [
        { type: 'ELEMENT', parentId: element.resourceId },
        { parentId: en(APP_CONFIG_MESSAGES.elementParent) },
      ],
      [{ type: 'MENU', parentId: crypto.randomUUID() }, { parentId: en(APP_CONFIG_MESSAGES.parentNotFound) }],
    ];
    const auditsBefore = (await auditOf(t.db, 'resource')).length;
    for (const [body, fields] of cases) {
      const res = await post({ applicationId: app, name: 'x', id: 'x', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(byField(res.json()), JSON.stringify(body)).toMatchObject({
        code: ERROR_CODES.VALIDATION,
        fields,
      });
    }
    expect(await auditOf(t.db, 'resource')).toHaveLength(auditsBefore);
    expect(
      (await post({ applicationId: app, name: 'x', id: 'x', type: 'MENU', parentId: 'x' })).statusCode,
    ).toBe(400);
  });

  it('refuses a parent from another application', async () => {
    const { menu } = await tree();
    const other = await createApplication(t.db);
    const res = await post({
      applicationId: other,
      name: 'x',
      id: 'x',
      type: 'ELEMENT',
      parentId: menu.resourceId,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res.json())).toEqual({ parentId: en(APP_CONFIG_MESSAGES.parentNotFound) });
  });

  it('answers 409 for an id used by any resource of the application', async () => {
    const { app, category } = await tree();
    const res = await post({
      applicationId: app,
      name: 'x',
      id: 'menu',
      type: 'MENU',
      parentId: category.resourceId,
    });
    expect(res.statusCode).toBe(409);
    expect(byField(res.json())).toMatchObject({
      message: en(MESSAGES.duplicateId),
      fields: { id: en(MESSAGES.duplicateId) },
    });
  });
});

describe('GET /resources and /resources/{id}', () => {
  it('lists the root nodes without a search, with their child counts', async () => {
    const { app, category } = await tree();
    const second = await create(app, { id: 'cat2', type: 'CATEGORY', order: 2 });
    const body = page.parse((await list({ applicationId: app })).json());
    expect(body.totalElements).toBe(2);
    expect(body.content.map((r) => r.id)).toEqual(['cat2', 'cat']);
    expect(body.content.find((r) => r.id === 'cat')!.childCount).toBe(1);
    expect(body.content.find((r) => r.id === 'cat2')!.childCount).toBe(0);
    const byOrder = page.parse((await list({ applicationId: app, sort: 'order,asc' })).json());
    expect(byOrder.content.map((r) => r.resourceId)).toEqual([category.resourceId, second.resourceId]);
    expect((await list({ applicationId: app, sort: 'category,asc' })).statusCode).toBe(400);
  });

  it('lists matching nodes at any depth when any filter is given', async () => {
    const { app } = await tree();
    const ids = async (params: Record<string, unknown>) =>
      page
        .parse((await list({ applicationId: app, size: 100, ...params })).json())
        .content.map((r) => r.id)
        .sort();
    expect(await ids({ keyword: 'E' })).toEqual(['el', 'menu']);
    expect(await ids({ keyword: '/MENU' })).toEqual(['menu']);
    expect(await ids({ id: 'b' })).toEqual(['btn', 'sub']);
    expect(await ids({ type: ['ELEMENT'] })).toEqual(['btn', 'el']);
    expect(await ids({ type: ['ELEMENT', 'CATEGORY'] })).toEqual(['btn', 'cat', 'el']);
    expect(await ids({ status: 'DISABLED' })).toEqual([]);
    expect(await ids({ status: ['ENABLED'] })).toHaveLength(5);
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
    expect(await ids({ createdFrom: today })).toHaveLength(5);
    expect(await ids({ createdTo: '2000/01/01' })).toEqual([]);
    // Empty search fields are no search: the roots again.
    expect(await ids({ keyword: '', name: '' })).toEqual(['cat']);
  });

  it('pages the roots', async () => {
    const app = await createApplication(t.db);
    for (let i = 0; i < 12; i++) await create(app, { id: `c${i}`, type: 'CATEGORY' });
    const second = page.parse((await list({ applicationId: app, page: 1, size: 5 })).json());
    expect(second.totalElements).toBe(12);
    expect(second.content.map((r) => r.id)).toEqual(['c6', 'c5', 'c4', 'c3', 'c2']);
    expect(page.parse((await list({ applicationId: app, page: 3, size: 5 })).json()).content).toEqual([]);
    expect((await list({ applicationId: app, size: 101 })).statusCode).toBe(400);
  });

  it('gives the direct children sorted by order then name, each with its child count', async () => {
    const { app, category, menu, submenu, element } = await tree();
    await create(app, { name: 'a-first', id: 'btn2', type: 'ELEMENT', parentId: menu.resourceId, order: 2 });
    const kids = await children(menu.resourceId);
    expect(kids.map((r) => r.id)).toEqual(['btn', 'btn2', 'sub']);
    expect(kids.find((r) => r.id === 'sub')!.childCount).toBe(1);
    expect((await children(category.resourceId)).map((r) => r.id)).toEqual(['menu']);
    expect((await children(submenu.resourceId)).map((r) => r.id)).toEqual(['el']);
    expect(await children(element.resourceId)).toEqual([]);
    expect((await t.get(`${LIST}/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await t.get(`${LIST}/not-a-uuid`, admin)).statusCode).toBe(404);
  });

  it('answers each child exactly as the list does, dates and all', async () => {
    // The children are written by the database as JSON (db/json.ts), the list by the server.
    const { app, menu, button, submenu } = await tree();
    const odd = await create(app, {
      id: 'odd',
      name: 'Quote " back\\slash \u00e9\u6f22 \ud83d\ude00',
      type: 'MENU',
      parentId: menu.resourceId,
      url: '',
      order: 3,
    });
    // Microseconds just below a millisecond boundary: both forms must cut, not round.
    await t.db.execute(
      sql`update resources set created_at = '2026-01-02 03:04:05.999999+00',
        updated_at = '0999-12-31 23:59:59.9995+00' where resource_id = ${odd.resourceId}`,
    );
    const kids = await children(menu.resourceId);
    // Any filter lists nodes at any depth.
    const all = page.parse((await list({ applicationId: app, size: 100, status: 'ENABLED' })).json());
    expect(all.totalElements).toBe(6);
    const byKey = new Map(all.content.map((r) => [r.resourceId, r]));
    expect(kids.map((r) => r.resourceId)).toEqual([button.resourceId, submenu.resourceId, odd.resourceId]);
    for (const kid of kids) expect(kid).toStrictEqual(byKey.get(kid.resourceId));
    const oddKid = kids.find((r) => r.id === 'odd')!;
    expect(oddKid).toMatchObject({
      name: 'Quote " back\\slash \u00e9\u6f22 \ud83d\ude00',
      url: null,
      createdDate: '2026-01-02T03:04:05.999Z',
      lastModifiedDate: '0999-12-31T23:59:59.999Z',
    });
  });

  it('requires applicationId (400) and knows it (404)', async () => {
    expect(fieldMessages((await t.get(LIST, admin)).json())).toEqual({
      applicationId: en(MESSAGES.required),
    });
    expect((await list({ applicationId: 'nope' })).statusCode).toBe(404);
  });
});

describe('the kept child counts', () => {
  /** Each node's count as the API gives it, against a count of its children in the table. */
  async function countsOf(app: string) {
    const rows = await t.db.select().from(resources).where(eq(resources.applicationId, app));
    return Object.fromEntries(
      rows.map((row) => [
        row.id,
        { kept: row.childCount, real: rows.filter((c) => c.parentId === row.resourceId).length },
      ]),
    );
  }
  const expectTrue = (counts: Record<string, { kept: number; real: number }>) => {
    for (const [id, { kept, real }] of Object.entries(counts)) expect(kept, id).toBe(real);
  };

  it('follow creates, moves, many rows added at once, and deletes with their cascade', async () => {
    const { app, category, menu, submenu } = await tree();
    expect((await countsOf(app)).menu).toEqual({ kept: 2, real: 2 });

    // A move: the old parent loses the child, the new one gains it.
    const other = await create(app, { id: 'cat-b', type: 'CATEGORY' });
    expect((await put(t, ONE, { ...submenu, parentId: other.resourceId }, admin)).statusCode).toBe(200);
    let counts = await countsOf(app);
    expect(counts.menu!.kept).toBe(1);
    expect(counts['cat-b']!.kept).toBe(1);
    // A change that is not a move leaves the counts alone.
    expect((await put(t, ONE, { ...menu, name: 'Renamed', status: 'DISABLED' }, admin)).statusCode).toBe(200);
    expectTrue(await countsOf(app));

    // Several children in one statement, as a seed or an import writes them.
    await t.db.insert(resources).values(
      ['x1', 'x2', 'x3'].map((id) => ({
        applicationId: app,
        id,
        name: id,
        type: 'MENU' as const,
        parentId: category.resourceId,
      })),
    );
    counts = await countsOf(app);
    expect(counts.cat!.kept).toBe(4);
    expectTrue(counts);

    // Deleting a node takes its subtree (the foreign key's cascade); its parent counts one less.
    await t.db.delete(resources).where(eq(resources.resourceId, other.resourceId));
    await t.db.delete(resources).where(eq(resources.resourceId, menu.resourceId));
    counts = await countsOf(app);
    expect(Object.keys(counts).sort()).toEqual(['cat', 'x1', 'x2', 'x3']);
    expect(counts.cat!.kept).toBe(3);
    expectTrue(counts);
  });
});

describe('PUT /resource', () => {
  it("keeps a menu's icon: set on create, kept by a PUT that names none, cleared by ''", async () => {
    const app = await createApplication(t.db);
    const category = await create(app, { id: 'cat', type: 'CATEGORY', icon: ' AppstoreOutlined ' });
    expect(category.icon).toBe('AppstoreOutlined');
    const menu = await create(app, { id: 'm', type: 'MENU', parentId: category.resourceId, url: '/m' });
    expect(menu.icon).toBeNull();
    const { icon: _, ...withoutIcon } = { ...category, name: 'Renamed' };
    const renamed = resourceSchema.parse((await put(t, ONE, withoutIcon, admin)).json());
    expect(renamed).toMatchObject({ name: 'Renamed', icon: 'AppstoreOutlined' });
    const children = await t.get(`${LIST}/${category.resourceId}`, admin);
    expect(children.json()).toMatchObject([{ id: 'm', icon: null }]);
    const cleared = resourceSchema.parse((await put(t, ONE, { ...renamed, icon: '' }, admin)).json());
    expect(cleared.icon).toBeNull();
    expect((await auditOf(t.db, 'resource', category.resourceId)).at(-1)).toMatchObject({
      action: 'update',
      before: { icon: 'AppstoreOutlined' },
      after: { icon: null },
    });
  });

  it('toggles the status by a PUT of the whole node, audited as a status change', async () => {
    const { menu } = await tree();
    const res = await put(t, ONE, { ...menu, status: 'DISABLED' }, admin);
    expect(res.statusCode).toBe(200);
    const updated = resourceSchema.parse(res.json());
    expect(updated).toMatchObject({ status: 'DISABLED', childCount: 2, parentId: menu.parentId });
    const audits = await auditOf(t.db, 'resource', menu.resourceId);
    expect(audits.map((a) => a.action)).toEqual(['create', 'status']);
    expect(audits[1]).toMatchObject({ before: { status: 'ENABLED' }, after: { status: 'DISABLED' } });
    const edited = await put(t, ONE, { ...updated, name: 'Renamed', order: 5 }, admin);
    expect(edited.json()).toMatchObject({ name: 'Renamed', order: 5 });
    expect((await auditOf(t.db, 'resource', menu.resourceId)).at(-1)!.action).toBe('update');
  });

  it('moves a node where the rules allow', async () => {
    const { app, menu, submenu } = await tree();
    const other = await create(app, { id: 'cat-b', type: 'CATEGORY' });
    // A menu moves to another category, taking its subtree along.
    const moved = await put(t, ONE, { ...submenu, parentId: other.resourceId }, admin);
    expect(moved.statusCode).toBe(200);
    expect((await children(other.resourceId)).map((r) => r.id)).toEqual(['sub']);
    expect((await children(menu.resourceId)).map((r) => r.id)).toEqual(['btn']);
    // A category with menus under it may become a menu: menus may sit under a menu.
    const demoted = await put(t, ONE, { ...other, type: 'MENU', parentId: menu.resourceId }, admin);
    expect(demoted.statusCode, demoted.body).toBe(200);
    // A childless menu may become an element under a menu.
    const leaf = await create(app, { id: 'leaf', type: 'MENU', parentId: menu.resourceId });
    const asElement = await put(t, ONE, { ...leaf, type: 'ELEMENT' }, admin);
    expect(asElement.json()).toMatchObject({ type: 'ELEMENT' });
  });

  it('refuses a change that would break the tree, and audits nothing', async () => {
    const { category, menu, submenu, element } = await tree();
    const cases: [Body, Record<string, string>][] = [
      // menu (with element and menu children) → category at the root: elements cannot sit there.
      [
        { ...menu, type: 'CATEGORY', parentId: null, url: null },
        { type: en(APP_CONFIG_MESSAGES.childrenForbidType) },
      ],
      // menu with children → element: nothing sits under an element.
      [{ ...submenu, type: 'ELEMENT' }, { type: en(APP_CONFIG_MESSAGES.childrenForbidType) }],
      // a menu under itself, or under its own descendant.
      [{ ...menu, parentId: menu.resourceId }, { parentId: en(APP_CONFIG_MESSAGES.parentIsSelf) }],
      [{ ...menu, parentId: submenu.resourceId }, { parentId: en(APP_CONFIG_MESSAGES.parentIsSelf) }],
      // a category moved under something, or given a url.
      [{ ...category, parentId: menu.resourceId }, { parentId: en(APP_CONFIG_MESSAGES.categoryAtRoot) }],
      [{ ...category, url: '/cat' }, { url: en(APP_CONFIG_MESSAGES.categoryNoUrl) }],
      // an element under a category, a menu under an element, a menu to the root.
      [{ ...element, parentId: category.resourceId }, { parentId: en(APP_CONFIG_MESSAGES.elementParent) }],
      [{ ...submenu, parentId: element.resourceId }, { parentId: en(APP_CONFIG_MESSAGES.menuParent) }],
      [{ ...submenu, parentId: null }, { parentId: en(APP_CONFIG_MESSAGES.parentRequired) }],
      // a category becoming an element under its own menu: both rules are reported at once.
      [
        { ...category, type: 'ELEMENT', parentId: menu.resourceId },
        { type: en(APP_CONFIG_MESSAGES.childrenForbidType), parentId: en(APP_CONFIG_MESSAGES.parentIsSelf) },
      ],
    ];
    const auditsBefore = (await auditOf(t.db, 'resource')).length;
    for (const [body, fields] of cases) {
      const res = await put(t, ONE, body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldMessages(res.json()), JSON.stringify(body)).toEqual(fields);
    }
    expect(await auditOf(t.db, 'resource')).toHaveLength(auditsBefore);
    expect((await children(menu.resourceId)).map((r) => r.id)).toEqual(['btn', 'sub']);
  });

  it('answers 404 for a missing node, 400 for another application, 409 for a taken id', async () => {
    const { app, menu } = await tree();
    expect((await put(t, ONE, { ...menu, resourceId: crypto.randomUUID() }, admin)).statusCode).toBe(404);
    const other = await createApplication(t.db);
    const moved = await put(t, ONE, { ...menu, applicationId: other }, admin);
    expect(moved.statusCode).toBe(400);
    expect(fieldMessages(moved.json())).toEqual({ applicationId: en(APP_CONFIG_MESSAGES.movedApplication) });
    const taken = await put(t, ONE, { ...menu, id: 'cat' }, admin);
    expect(taken.statusCode).toBe(409);
    expect(fieldMessages(taken.json())).toEqual({ id: en(MESSAGES.duplicateId) });
    expect(page.parse((await list({ applicationId: app, id: 'menu' })).json()).totalElements).toBe(1);
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    const { app, menu } = await tree();
    expect((await list({ applicationId: app }, '')).statusCode).toBe(401);
    expect((await t.get(`${LIST}/${menu.resourceId}`)).statusCode).toBe(401);
    expect((await t.post(ONE, {})).statusCode).toBe(401);
    expect((await put(t, ONE, {})).statusCode).toBe(401);
    const reader = await tokenWith(t, 'app-config.resource', ['retrieve']);
    expect((await list({ applicationId: app }, reader)).statusCode).toBe(200);
    expect((await t.get(`${LIST}/${menu.resourceId}`, reader)).statusCode).toBe(200);
    expect((await t.post(ONE, { ...menu, id: 'new' }, reader)).statusCode).toBe(403);
    expect((await put(t, ONE, { ...menu, status: 'DISABLED' }, reader)).statusCode).toBe(403);
    const none = await tokenWith(t, 'app-config.resource');
    expect((await list({ applicationId: app }, none)).statusCode).toBe(403);
  });
});
