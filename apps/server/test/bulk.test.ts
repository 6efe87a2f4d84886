import {
  BULK_MAX_ROWS,
  type BulkListName,
  CATALOG_MESSAGES,
  LIST_BULK_ACTIONS,
  LIST_SORTS,
} from '@gatehouse/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationClients, auditLog, roles, users } from '../src/db/schema/index.ts';
import { createApplication, put, query } from './fixtures.ts';
import { build, type CreateRoleInput, en, fieldMessage, type TestContext } from './helper.ts';

const V2 = '/api/admin-service/v2';
const CLIENT = `${V2}/application/client`;
const USER = `${V2}/user`;

let t: TestContext;
let admin: string;
let appA: string;
let appB: string;

beforeAll(async () => {
  t = await build();
  admin = await t.login();
  appA = await createApplication(t.db, 'bulk-a');
  appB = await createApplication(t.db, 'bulk-b');
});

async function signedIn(...roleInputs: CreateRoleInput[]) {
  const held = [];
  for (const input of roleInputs) held.push(await t.createRole(input));
  const user = await t.createUser({ roleIds: held.map((r) => r.roleId) });
  return { user, token: await t.login(user.username, user.password) };
}

async function newClients(applicationId: string, names: string[]) {
  const made = [];
  for (const clientName of names) {
    const res = await t.post(CLIENT, { clientName, applicationId }, admin);
    expect(res.statusCode).toBe(201);
    made.push(res.json() as { acId: string; clientName: string });
  }
  return made;
}

const statusesOf = async (acIds: string[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ acId: applicationClients.acId, status: applicationClients.status })
        .from(applicationClients)
        .where(inArray(applicationClients.acId, acIds))
    ).map((r) => [r.acId, r.status]),
  );

const bulkRecords = (entity: string, action: string, requestId?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.action, action),
        requestId ? eq(auditLog.requestId, requestId) : undefined,
      ),
    );

describe('bulk actions', () => {
  it('disable the clients named by ids, one audit record per row and one for the request', async () => {
    const [one, two, other] = await newClients(appA, ['ids-one', 'ids-two', 'ids-other']);
    const res = await t.post(`${CLIENT}/bulk`, { action: 'disable', ids: [one!.acId, two!.acId] }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ action: 'disable', affected: 2 });
    expect(await statusesOf([one!.acId, two!.acId, other!.acId])).toEqual({
      [one!.acId]: 'DISABLED',
      [two!.acId]: 'DISABLED',
      [other!.acId]: 'ENABLED',
    });
    const requestId = (
      await t.db.select().from(auditLog).where(eq(auditLog.action, 'bulk.disable')).orderBy(auditLog.id)
    ).at(-1)!.requestId!;
    const perRow = await bulkRecords('application-client', 'status', requestId);
    expect(perRow.map((r) => r.entityId).sort()).toEqual([one!.acId, two!.acId].sort());
    const [summary] = await bulkRecords('application-client', 'bulk.disable', requestId);
    expect(summary?.entityId).toBeNull();
    expect(summary?.after).toMatchObject({ affected: 2, ids: [one!.acId, two!.acId] });
  });

  it('disable all clients matching a search at that moment, and no other', async () => {
    const app = await createApplication(t.db, 'bulk-all');
    const matching = await newClients(app, ['match-1', 'match-2', 'match-3']);
    const [outside] = await newClients(app, ['elsewhere']);
    const res = await t.post(
      `${CLIENT}/bulk`,
      { action: 'disable', all: true, query: { applicationId: app, keyword: 'match' } },
      admin,
    );
    expect(res.json()).toEqual({ action: 'disable', affected: 3 });
    const after = await statusesOf([...matching.map((c) => c.acId), outside!.acId]);
    expect(Object.values(after).filter((s) => s === 'DISABLED')).toHaveLength(3);
    expect(after[outside!.acId]).toBe('ENABLED');
    const [summary] = (await bulkRecords('application-client', 'bulk.disable')).filter(
      (r) => (r.after as { query?: { applicationId?: string } }).query?.applicationId === app,
    );
    expect(summary?.after).toMatchObject({ all: true, query: { keyword: 'match' }, affected: 3 });

    // Enabling them again by the same search.
    const back = await t.post(
      `${CLIENT}/bulk`,
      { action: 'enable', all: true, query: { applicationId: app, keyword: 'match', status: ['DISABLED'] } },
      admin,
    );
    expect(back.json()).toEqual({ action: 'enable', affected: 3 });
  });

  it('refuse a body with both ids and all, neither, an unknown action, or more than the limit', async () => {
    const [client] = await newClients(appA, ['shape']);
    const bodies = [
      { action: 'disable' },
      { action: 'disable', ids: [client!.acId], all: true, query: { applicationId: appA } },
      { action: 'disable', all: true },
      { action: 'delete', ids: [client!.acId] },
      { action: 'disable', ids: Array.from({ length: BULK_MAX_ROWS + 1 }, () => client!.acId) },
    ];
    for (const body of bodies) {
      const res = await t.post(`${CLIENT}/bulk`, body, admin);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await statusesOf([client!.acId])).toEqual({ [client!.acId]: 'ENABLED' });
  });

  it('refuse all matching beyond the limit with a 400, changing nothing', async () => {
    const app = await createApplication(t.db, 'bulk-many');
    await t.db.insert(applicationClients).values(
      Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => ({
        applicationId: app,
        clientName: `many-${i}`,
        client: `gh_many_${i}`,
        id: crypto.randomUUID(),
      })),
    );
    const res = await t.post(
      `${CLIENT}/bulk`,
      { action: 'disable', all: true, query: { applicationId: app } },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res.json(), 'query')).toMatch(/At most 1000 rows/);
    const disabled = await t.db
      .select()
      .from(applicationClients)
      .where(and(eq(applicationClients.applicationId, app), eq(applicationClients.status, 'DISABLED')));
    expect(disabled).toHaveLength(0);
  });

  it('keep a manager limited to application A off B: by ids and by all matching, nothing changes', async () => {
    const manager = await signedIn({
      permissions: [
        { permissionId: 'app-config.client', actions: ['retrieve', 'update'], applicationIds: [appA] },
      ],
    });
    const [inA] = await newClients(appA, ['scope-a']);
    const [inB] = await newClients(appB, ['scope-b']);
    const byIds = await t.post(
      `${CLIENT}/bulk`,
      { action: 'disable', ids: [inA!.acId, inB!.acId] },
      manager.token,
    );
    expect(byIds.statusCode).toBe(403);
    expect(byIds.json().message).toContain('scope-b: ');
    const byAll = await t.post(
      `${CLIENT}/bulk`,
      { action: 'disable', all: true, query: { applicationId: appB } },
      manager.token,
    );
    expect(byAll.statusCode).toBe(403);
    expect(await statusesOf([inA!.acId, inB!.acId])).toEqual({
      [inA!.acId]: 'ENABLED',
      [inB!.acId]: 'ENABLED',
    });
    // Within A it may.
    const own = await t.post(`${CLIENT}/bulk`, { action: 'disable', ids: [inA!.acId] }, manager.token);
    expect(own.statusCode).toBe(200);
    // Without update, not at all.
    const reader = await signedIn({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appA] }],
    });
    expect(
      (await t.post(`${CLIENT}/bulk`, { action: 'enable', ids: [inA!.acId] }, reader.token)).statusCode,
    ).toBe(403);
  });
});

describe('bulk actions on users', () => {
  it('undo every row when one is refused (oneself), naming it; delete by ids otherwise', async () => {
    const me = await signedIn({
      permissions: [{ permissionId: 'admin-setting.manage-user', actions: ['retrieve', 'update', 'delete'] }],
    });
    const a = await t.createUser({ username: 'atomic-a' });
    const b = await t.createUser({ username: 'atomic-b' });
    const refused = await t.post(
      `${USER}/bulk`,
      { action: 'disable', ids: [a.userId, me.user.userId, b.userId] },
      me.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`^${me.user.username}: `));
    const rows = await t.db
      .select({ status: users.status })
      .from(users)
      .where(inArray(users.userId, [a.userId, b.userId]));
    expect(rows.map((r) => r.status)).toEqual(['ENABLED', 'ENABLED']);
    expect(
      (await t.db.select().from(auditLog).where(eq(auditLog.requestId, refused.json().requestId))).length,
    ).toBe(0);

    const deleted = await t.post(`${USER}/bulk`, { action: 'delete', ids: [a.userId, b.userId] }, me.token);
    expect(deleted.json()).toEqual({ action: 'delete', affected: 2 });
    expect(
      await t.db
        .select()
        .from(users)
        .where(inArray(users.userId, [a.userId, b.userId])),
    ).toHaveLength(0);
  });

  it('take the grant of the action: update enables and disables, delete deletes', async () => {
    const updater = await signedIn({
      permissions: [{ permissionId: 'admin-setting.manage-user', actions: ['retrieve', 'update'] }],
    });
    const target = await t.createUser({ username: 'grant-target' });
    expect(
      (await t.post(`${USER}/bulk`, { action: 'delete', ids: [target.userId] }, updater.token)).statusCode,
    ).toBe(403);
    expect(
      (await t.post(`${USER}/bulk`, { action: 'disable', ids: [target.userId] }, updater.token)).statusCode,
    ).toBe(200);
  });

  it('disable all users matching a keyword, leaving the others', async () => {
    for (const n of [1, 2, 3]) await t.createUser({ username: `kw-bulk-${n}` });
    const other = await t.createUser({ username: 'kw-other' });
    const res = await t.post(
      `${USER}/bulk`,
      { action: 'disable', all: true, query: { keyword: 'kw-bulk' } },
      admin,
    );
    expect(res.json()).toEqual({ action: 'disable', affected: 3 });
    const rows = await t.db.select().from(users).where(like(users.username, 'kw-%'));
    expect(Object.fromEntries(rows.map((r) => [r.username, r.status]))).toEqual({
      'kw-bulk-1': 'DISABLED',
      'kw-bulk-2': 'DISABLED',
      'kw-bulk-3': 'DISABLED',
      [other.username]: 'ENABLED',
    });
  });
});

describe('bulk actions under delegation', () => {
  it('keep a user manager limited to application A off users outside A and off administrators, by ids and by all', async () => {
    const manager = await signedIn({
      permissions: [
        {
          permissionId: 'admin-setting.manage-user',
          actions: ['retrieve', 'update', 'delete'],
          applicationIds: [appA],
        },
      ],
    });
    const roleOfB = await t.createRole({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appB] }],
    });
    const [builtin] = await t.db.select().from(roles).where(eq(roles.builtin, true));
    const plain = await t.createUser({ username: 'deleg-bulk-plain' });
    const ofB = await t.createUser({ username: 'deleg-bulk-of-b', roleIds: [roleOfB.roleId] });
    const administrator = await t.createUser({ username: 'deleg-bulk-admin', roleIds: [builtin!.roleId] });
    const statuses = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ username: users.username, status: users.status })
            .from(users)
            .where(like(users.username, 'deleg-bulk-%'))
        ).map((r) => [r.username, r.status]),
      );
    const untouched = {
      'deleg-bulk-plain': 'ENABLED',
      'deleg-bulk-of-b': 'ENABLED',
      'deleg-bulk-admin': 'ENABLED',
    };

    // By ids: the plain user first, then one outside A; the refusal undoes the first too.
    const outside = await t.post(
      `${USER}/bulk`,
      { action: 'disable', ids: [plain.userId, ofB.userId] },
      manager.token,
    );
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toMatch(/^deleg-bulk-of-b: /);
    const admin = await t.post(
      `${USER}/bulk`,
      { action: 'disable', ids: [administrator.userId] },
      manager.token,
    );
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toMatch(/^deleg-bulk-admin: /);
    const deleted = await t.post(
      `${USER}/bulk`,
      { action: 'delete', ids: [administrator.userId] },
      manager.token,
    );
    expect(deleted.statusCode).toBe(403);
    expect(await statuses()).toEqual(untouched);

    // By all matching: the search reaches both, and each is refused.
    for (const keyword of ['deleg-bulk', 'deleg-bulk-of-b', 'deleg-bulk-admin']) {
      const all = await t.post(
        `${USER}/bulk`,
        { action: 'disable', all: true, query: { keyword } },
        manager.token,
      );
      expect(all.statusCode, keyword).toBe(403);
      expect(all.json().message).toMatch(/^deleg-bulk-(of-b|admin): /);
    }
    expect(await statuses()).toEqual(untouched);
    const changes = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.actorId, manager.user.userId)));
    expect(changes.map((r) => r.action)).toEqual(['login']);

    // Within A it may.
    const own = await t.post(`${USER}/bulk`, { action: 'disable', ids: [plain.userId] }, manager.token);
    expect(own.statusCode).toBe(200);
    expect(await statuses()).toEqual({ ...untouched, 'deleg-bulk-plain': 'DISABLED' });
  });

  it('keep a role and group manager limited to A off the roles and groups of B', async () => {
    const manager = await signedIn({
      permissions: ['admin-setting.manage-role', 'admin-setting.manage-group'].map((permissionId) => ({
        permissionId,
        actions: ['retrieve', 'update', 'delete'] as const,
        applicationIds: [appA],
      })),
    });
    const roleOfB = await t.createRole({
      name: 'deleg-role-of-b',
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appB] }],
    });
    const roleRes = await t.post(
      `${V2}/role/bulk`,
      { action: 'disable', ids: [roleOfB.roleId] },
      manager.token,
    );
    expect(roleRes.statusCode).toBe(403);
    expect(roleRes.json().message).toMatch(/^deleg-role-of-b: /);
    const group = (
      await t.post(`${V2}/group`, { name: 'deleg-group-of-b', code: 'deleg-group-of-b' }, admin)
    ).json();
    expect(
      (await put(t, `${V2}/group/${group.groupId}/roles`, { roleIds: [roleOfB.roleId] }, admin)).statusCode,
    ).toBe(200);
    const groupRes = await t.post(
      `${V2}/group/bulk`,
      { action: 'disable', all: true, query: { code: 'deleg-group-of-b' } },
      manager.token,
    );
    expect(groupRes.statusCode).toBe(403);
    expect(groupRes.json().message).toMatch(/^deleg-group-of-b: /);
    const [role] = await t.db.select().from(roles).where(eq(roles.roleId, roleOfB.roleId));
    expect(role?.status).toBe('ENABLED');
    expect((await t.get(`${V2}/group/${group.groupId}`, admin)).json().status).toBe('ENABLED');
  });
});

/** A record made through the API as the administrator; the answer's JSON. */
const made = async (url: string, body: Record<string, unknown>) => {
  const res = await t.post(url, body, admin);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json();
};

/** The rows of an export as objects by the header's fields (cells without commas or quotes). */
function csvRows(body: string): Record<string, string>[] {
  const [header, ...lines] = body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const fields = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [fields[i], cell])));
}

type ListCase = {
  /** The list's routes sit under it: `{base}/bulk`, `{base}/export`. */
  base: string;
  key: string;
  /** Makes one record in the application; its search (the list's query) finds it alone. */
  make: (applicationId: string) => Promise<{ id: string; search: Record<string, string> }>;
};

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;
const inApp = (applicationId: string, extra: Record<string, string>) => ({ applicationId, ...extra });

const LISTS: Record<BulkListName, ListCase> = {
  acl: {
    base: `${V2}/application/acl`,
    key: 'aclId',
    make: async (applicationId) => {
      const subject = await t.createUser();
      const permission = await made('/api/admin-service/permission/createPermission', {
        name: 'p',
        id: unique('acl-perm'),
        resourceType: 'API',
        applicationId,
      });
      const acl = await made(`${V2}/application/acl`, {
        applicationId,
        subjectType: 'USER',
        subjectId: subject.userId,
        targetType: 'PERMISSION',
        targetId: permission.resourceId,
        actions: ['retrieve'],
      });
      return { id: acl.aclId, search: inApp(applicationId, { subjectId: subject.userId }) };
    },
  },
  appApis: {
    base: `${V2}/application/api`,
    key: 'apiId',
    make: async (applicationId) => {
      const path = `/${unique('api')}`;
      const api = await made(`${V2}/application/api`, { applicationId, method: 'GET', pathPattern: path });
      return { id: api.apiId, search: inApp(applicationId, { pathPattern: path }) };
    },
  },
  applications: {
    base: `${V2}/application`,
    key: 'applicationId',
    make: async () => {
      const id = await createApplication(t.db, unique('bulk-listed-app'));
      return { id, search: { applicationId: id } };
    },
  },
  clients: {
    base: CLIENT,
    key: 'acId',
    make: async (applicationId) => {
      const name = unique('listed-client');
      const client = await made(CLIENT, { clientName: name, applicationId });
      return { id: client.acId, search: inApp(applicationId, { clientName: name }) };
    },
  },
  dataAccesses: {
    base: '/api/admin-service/data/accesses',
    key: 'resourceId',
    make: async (applicationId) => {
      const id = unique('da');
      const access = await made('/api/admin-service/data/access', {
        name: 'd',
        id,
        category: 'c',
        applicationId,
      });
      return { id: access.resourceId, search: inApp(applicationId, { id }) };
    },
  },
  dataObjects: {
    base: `${V2}/object`,
    key: 'objectId',
    make: async (applicationId) => {
      const code = unique('obj');
      const object = await made(`${V2}/object`, { applicationId, name: 'o', code });
      return { id: object.objectId, search: inApp(applicationId, { code }) };
    },
  },
  dataSets: {
    base: `${V2}/set`,
    key: 'setId',
    make: async (applicationId) => {
      const object = await made(`${V2}/object`, { applicationId, name: 'o', code: unique('obj') });
      const code = unique('set');
      const set = await made(`${V2}/set`, { applicationId, objectId: object.objectId, name: 's', code });
      return { id: set.setId, search: inApp(applicationId, { code }) };
    },
  },
  dictionaries: {
    base: `${V2}/dictionary`,
    key: 'dictionaryId',
    make: async (applicationId) => {
      const code = unique('dict');
      const dictionary = await made(`${V2}/dictionary`, { applicationId, name: 'd', code });
      return { id: dictionary.dictionaryId, search: inApp(applicationId, { code }) };
    },
  },
  groups: {
    base: `${V2}/group`,
    key: 'groupId',
    make: async () => {
      const code = unique('listed-group');
      const group = await made(`${V2}/group`, { name: 'g', code });
      return { id: group.groupId, search: { code } };
    },
  },
  pages: {
    base: `${V2}/application/pages`,
    key: 'pageId',
    make: async (applicationId) => {
      const route = `/${unique('page')}`;
      const page = await made(`${V2}/application/pages`, { applicationId, name: 'p', route });
      return { id: page.pageId, search: inApp(applicationId, { route }) };
    },
  },
  permissions: {
    base: '/api/admin-service/permission',
    key: 'resourceId',
    make: async (applicationId) => {
      const id = unique('perm');
      const permission = await made('/api/admin-service/permission/createPermission', {
        name: 'p',
        id,
        resourceType: 'API',
        applicationId,
      });
      return { id: permission.resourceId, search: inApp(applicationId, { id }) };
    },
  },
  products: {
    base: `${V2}/product`,
    key: 'productId',
    make: async () => {
      const code = unique('listed-product');
      const product = await made(`${V2}/product`, { name: 'p', code });
      return { id: product.productId, search: { code } };
    },
  },
  resources: {
    base: '/api/admin-service/resource',
    key: 'resourceId',
    make: async (applicationId) => {
      const id = unique('node');
      const node = await made('/api/admin-service/resource', {
        name: 'n',
        id,
        type: 'CATEGORY',
        order: 1,
        status: 'ENABLED',
        applicationId,
      });
      return { id: node.resourceId, search: inApp(applicationId, { id }) };
    },
  },
  roles: {
    base: `${V2}/role`,
    key: 'roleId',
    make: async () => {
      const code = unique('listed-role');
      const role = await made(`${V2}/role`, { name: 'r', code });
      return { id: role.roleId, search: { code } };
    },
  },
  users: {
    base: USER,
    key: 'userId',
    make: async () => {
      const user = await t.createUser({ username: unique('listed-user') });
      return { id: user.userId, search: { keyword: user.username } };
    },
  },
};

describe('every list that exports', () => {
  it.each(Object.keys(LIST_BULK_ACTIONS) as BulkListName[])(
    '%s: exports its matching and its chosen rows, and takes each of its actions by all matching and by ids',
    async (list) => {
      const { base, key, make } = LISTS[list];
      const app = await createApplication(t.db, unique('bulk-every'));
      const { id, search } = await make(app);
      const exported = async (extra: Record<string, string> = {}) => {
        const res = await t.get(`${base}/export?${query({ ...search, ...extra })}`, admin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body.startsWith('\uFEFF')).toBe(true);
        return csvRows(res.body);
      };
      const [row] = await exported();
      expect(row?.[key]).toBe(id);
      expect((await exported({ ids: id })).map((r) => r[key])).toEqual([id]);

      const actions = LIST_BULK_ACTIONS[list] as readonly string[];
      const bulk = (body: Record<string, unknown>) => t.post(`${base}/bulk`, body, admin);
      if (actions.length === 0) {
        expect((await bulk({ action: 'disable', ids: [id] })).statusCode).toBe(404);
        return;
      }
      for (const action of ['disable', 'enable'].filter((a) => actions.includes(a))) {
        const res = await bulk({ action, all: true, query: search });
        expect(res.json(), action).toEqual({ action, affected: 1 });
        expect((await exported({ ids: id }))[0]?.status).toBe(action === 'disable' ? 'DISABLED' : 'ENABLED');
        const records = await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, `bulk.${action}`));
        expect(records.some((r) => (r.after as { ids?: string[] }).ids?.includes(id))).toBe(true);
      }
      if (actions.includes('delete')) {
        const res = await bulk({ action: 'delete', ids: [id] });
        expect(res.json()).toEqual({ action: 'delete', affected: 1 });
        expect((await t.get(`${base}/export?${query({ ...search, ids: id })}`, admin)).statusCode).toBe(404);
      } else {
        expect((await bulk({ action: 'delete', ids: [id] })).statusCode).toBe(400);
      }
    },
  );
});

describe('a status changed through the update', () => {
  it("keeps the update's rules: a product applications use, and the platform, are refused and named", async () => {
    const unused = await made(`${V2}/product`, { name: 'Unused', code: unique('unused') });
    const used = await made(`${V2}/product`, { name: 'Retail', code: unique('retail') });
    await made(`${V2}/application`, {
      applicationId: unique('retail-app'),
      name: 'Shop',
      productId: used.productId,
    });
    const res = await t.post(
      `${V2}/product/bulk`,
      { action: 'disable', ids: [unused.productId, used.productId] },
      admin,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Retail: /);
    expect((await t.get(`${V2}/product/${unused.productId}`, admin)).json().status).toBe('ENABLED');

    const platform = await t.post(`${V2}/application/bulk`, { action: 'disable', ids: ['platform'] }, admin);
    expect(platform.statusCode).toBe(400);
    expect(platform.json().message).toBe(`Gatehouse: ${en(CATALOG_MESSAGES.builtinApplication)}`);
  });

  it('records each row as its update does, and leaves the rest of the record as it was', async () => {
    const app = await createApplication(t.db, unique('through-update'));
    const page = await made(`${V2}/application/pages`, {
      applicationId: app,
      name: 'Orders',
      route: '/orders',
      order: 3,
    });
    const res = await t.post(
      `${V2}/application/pages/bulk`,
      { action: 'disable', ids: [page.pageId] },
      admin,
    );
    expect(res.json()).toEqual({ action: 'disable', affected: 1 });
    const after = (await t.get(`${V2}/application/pages/${page.pageId}`, admin)).json();
    expect(after).toMatchObject({ name: 'Orders', route: '/orders', order: 3, status: 'DISABLED' });
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'application-page'),
          eq(auditLog.entityId, page.pageId),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(record?.after).toMatchObject({ status: 'DISABLED' });
  });

  it('acts on what the resource list shows: the roots without a search, the matches at any depth with one', async () => {
    const app = await createApplication(t.db, unique('tree'));
    const node = (body: object) =>
      made('/api/admin-service/resource', { order: 1, status: 'ENABLED', applicationId: app, ...body });
    const root = await node({ name: 'Root', id: 'root', type: 'CATEGORY' });
    const menu = await node({
      name: 'Menu',
      id: 'menu',
      type: 'MENU',
      url: '/menu',
      parentId: root.resourceId,
    });
    const statuses = async () =>
      csvRows(
        (
          await t.get(
            `/api/admin-service/resource/export?${query({ applicationId: app, ids: `${root.resourceId},${menu.resourceId}` })}`,
            admin,
          )
        ).body,
      ).map((r) => r.status);
    const roots = await t.post(
      '/api/admin-service/resource/bulk',
      { action: 'disable', all: true, query: { applicationId: app } },
      admin,
    );
    expect(roots.json()).toEqual({ action: 'disable', affected: 1 });
    expect(await statuses()).toEqual(['DISABLED', 'ENABLED']);
    const searched = await t.post(
      '/api/admin-service/resource/bulk',
      { action: 'disable', all: true, query: { applicationId: app, type: ['MENU'] } },
      admin,
    );
    expect(searched.json()).toEqual({ action: 'disable', affected: 1 });
    expect(await statuses()).toEqual(['DISABLED', 'DISABLED']);
  });
});

describe('CSV export', () => {
  it('streams the matching rows with a header, a BOM, and formula-safe, quoted cells', async () => {
    const app = await createApplication(t.db, 'export-app');
    await newClients(app, ['=cmd|calc', 'plain', 'with, comma "quoted"', '+one', '-two', '@three']);
    const res = await t.get(
      `${CLIENT}/export?${query({ applicationId: app, sort: 'clientName,asc' })}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'acId,clientName,client,id,redirectUrl,backchannelLogoutUri,backchannelLogoutSessionRequired,webOrigins,clientType,status,applicationId,createdDate,lastModifiedDate',
    );
    const names = lines.slice(1, -1).map((l) => l.split(',')[1]);
    expect(names).toEqual(["'+one", "'-two", "'=cmd|calc", "'@three", 'plain', '"with']);
    expect(lines.some((l) => l.includes('"with, comma ""quoted"""'))).toBe(true);
    expect(lines.at(-1)).toBe('');
  });

  it('exports the chosen ids only, every page of a long list, and keeps to the scope', async () => {
    const app = await createApplication(t.db, 'export-long');
    await t.db.insert(applicationClients).values(
      Array.from({ length: 450 }, (_, i) => ({
        applicationId: app,
        clientName: `long-${i}`,
        client: `gh_long_${i}`,
        id: crypto.randomUUID(),
      })),
    );
    const all = await t.get(`${CLIENT}/export?${query({ applicationId: app })}`, admin);
    expect(all.body.slice(1).split('\r\n').length - 2).toBe(450);

    const [x, y] = await newClients(appA, ['pick-x', 'pick-y']);
    const picked = await t.get(`${CLIENT}/export?applicationId=${appA}&ids=${x!.acId},${y!.acId}`, admin);
    expect(
      picked.body
        .slice(1)
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(',')[1]),
    ).toEqual(['pick-x', 'pick-y']);

    const manager = await signedIn({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'], applicationIds: [appA] }],
    });
    expect((await t.get(`${CLIENT}/export?applicationId=${appB}`, manager.token)).statusCode).toBe(403);
    const [inB] = await newClients(appB, ['pick-b']);
    expect(
      (await t.get(`${CLIENT}/export?applicationId=${appA}&ids=${inB!.acId}`, manager.token)).statusCode,
    ).toBe(403);
    expect((await t.get(`${CLIENT}/export?applicationId=${appA}`, manager.token)).statusCode).toBe(200);
  });
});

describe('sorting', () => {
  it('offers exactly the contract fields and refuses others with a 400', async () => {
    for (const field of ['createdDate', 'lastModifiedDate', ...LIST_SORTS.clients]) {
      const res = await t.get(`${CLIENT}?applicationId=${appA}&sort=${field},desc`, admin);
      expect(res.statusCode, field).toBe(200);
    }
    expect((await t.get(`${CLIENT}?applicationId=${appA}&sort=secretHash,asc`, admin)).statusCode).toBe(400);
    for (const field of ['createdDate', ...LIST_SORTS.users]) {
      expect((await t.get(`${USER}?sort=${field},asc`, admin)).statusCode, field).toBe(200);
    }
    expect((await t.get(`${USER}?sort=passwordHash,asc`, admin)).statusCode).toBe(400);
  });
});
