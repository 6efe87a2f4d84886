import { BULK_MAX_ROWS, LIST_SORTS } from '@gatehouse/contract';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationClients, auditLog, roles, users } from '../src/db/schema/index.ts';
import { createApplication, query } from './fixtures.ts';
import { build, type CreateRoleInput, type TestContext } from './helper.ts';

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
afterAll(() => t.close());

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
    expect(res.json().fields.query).toMatch(/At most 1000 rows/);
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
      'acId,clientName,client,id,redirectUrl,clientType,status,applicationId,createdDate,lastModifiedDate',
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
