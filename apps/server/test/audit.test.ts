import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  type Action,
  AUDIT_COUNT_LIMIT,
  AUDIT_MESSAGES,
  AUDIT_PERMISSION_ID,
  LOGIN_RATE_LIMIT,
  PLATFORM_APP_ID,
} from '@gatehouse/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditChain, auditLog } from '../src/db/schema/index.ts';
import { purgeExpired, sealAll, verifyChain } from '../src/lib/audit-chain.ts';
import { createApplication } from './fixtures.ts';
import { build, fieldKey, TEST_DB, type TestContext } from './helper.ts';

const V2 = '/api/admin-service/v2';
const AUDIT = `${V2}/audit`;

let t: TestContext;
let admin: string;
let appA: string;
let appB: string;

beforeAll(async () => {
  t = await build({
    config: {
      // The tests seal and purge when they choose.
      auditSealIntervalMs: 0,
      auditPurgeCheckIntervalMs: 0,
      // A lock after the third failure, and no other budget in the way.
      loginRateLimit: { ...LOGIN_RATE_LIMIT, backoffAfter: 2, perAccount: 100, perIp: 100 },
    },
  });
  admin = await t.login();
  appA = await createApplication(t.db, `audit-a-${randomUUID().slice(0, 6)}`);
  appB = await createApplication(t.db, `audit-b-${randomUUID().slice(0, 6)}`);
});

type Row = typeof auditLog.$inferInsert;
/** Inserts records as a change would have written them, with the fields a test needs. */
async function insertRecords(rows: Partial<Row>[]): Promise<number[]> {
  const inserted = await t.db
    .insert(auditLog)
    .values(rows.map((r) => ({ action: 'update', entity: 'test-thing', ...r })))
    .returning({ id: auditLog.id });
  return inserted.map((r) => r.id);
}

/**
 * Takes a record out of the trail and puts it back as it was: moved to a negative id, where
 * no reader looks, and back (a copy through JavaScript would lose the time's microseconds).
 */
const hide = (id: number) => t.db.execute(sql`update audit_log set id = ${-id} where id = ${id}`);
const restore = (id: number) => t.db.execute(sql`update audit_log set id = ${id} where id = ${-id}`);

const list = async (query: string, token = admin) => {
  const res = await t.get(`${AUDIT}?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    content: { auditId: string; action: string; entityId: string | null; applicationId: string | null }[];
    totalElements: number | null;
    totalExact: boolean | null;
    nextCursor: string | null;
  };
};

describe('the audit list', () => {
  it('lists newest first and filters by each field', async () => {
    const entity = `filter-${randomUUID().slice(0, 6)}`;
    const [first, second, third] = await insertRecords([
      {
        entity,
        entityId: 'r1',
        action: 'create',
        actorId: 'u-1',
        actorName: 'alice',
        ip: '10.0.0.1',
        requestId: 'req-1',
        applicationId: appA,
        at: new Date('2024-03-01T10:00:00Z'),
      },
      {
        entity,
        entityId: 'r1',
        action: 'update',
        actorId: 'u-2',
        actorName: 'bob',
        ip: '10.0.0.2',
        requestId: 'req-2',
        applicationId: appB,
        at: new Date('2024-03-02T10:00:00Z'),
      },
      {
        entity,
        entityId: 'r2',
        action: 'delete',
        actorId: 'u-1',
        actorName: 'alice',
        ip: '10.0.0.1',
        requestId: 'req-3',
        at: new Date('2024-03-03T10:00:00Z'),
      },
    ]);
    const ids = (page: Awaited<ReturnType<typeof list>>) => page.content.map((r) => Number(r.auditId));
    expect(ids(await list(`entity=${entity}`))).toEqual([third, second, first]);
    expect(ids(await list(`entity=${entity}&actor=alice`))).toEqual([third, first]);
    expect(ids(await list(`entity=${entity}&actor=u-2`))).toEqual([second]);
    expect(ids(await list(`entity=${entity}&action=create&action=delete`))).toEqual([third, first]);
    expect(ids(await list(`entity=${entity}&entityId=r1`))).toEqual([second, first]);
    expect(ids(await list(`entity=${entity}&applicationId=${appA}`))).toEqual([first]);
    expect(ids(await list(`entity=${entity}&requestId=req-2`))).toEqual([second]);
    expect(ids(await list(`entity=${entity}&ip=10.0.0.1`))).toEqual([third, first]);
    expect(ids(await list(`entity=${entity}&from=2024-03-02`))).toEqual([third, second]);
    expect(ids(await list(`entity=${entity}&to=2024-03-02`))).toEqual([second, first]);
    expect(ids(await list(`entity=${entity}&from=2024-03-01T12:00:00Z&to=2024-03-02T10:00:00Z`))).toEqual([
      second,
    ]);
    expect(ids(await list(`keyword=req-3&entity=${entity}`))).toEqual([third]);
    expect(ids(await list(`keyword=${entity}`))).toEqual([third, second, first]);
    // Two entities at once.
    const other = `filter-other-${randomUUID().slice(0, 6)}`;
    const [fourth] = await insertRecords([{ entity: other }]);
    expect(ids(await list(`entity=${entity}&entity=${other}&size=2`))).toEqual([fourth, third]);
  });

  it('refuses a range that ends before it starts, and a time that is not ISO 8601', async () => {
    const backwards = await t.get(`${AUDIT}?from=2024-03-02&to=2024-03-01`, admin);
    expect(backwards.statusCode).toBe(400);
    expect(fieldKey(backwards.json(), 'from')).toBe(AUDIT_MESSAGES.fromAfterTo.key);
    expect((await t.get(`${AUDIT}?from=yesterday`, admin)).statusCode).toBe(400);
    // The year 0000 is ISO 8601 but not PostgreSQL's: refused before the export starts.
    const year0 = await t.get(`${AUDIT}/export?format=csv&from=0000-02-29`, admin);
    expect(year0.statusCode).toBe(400);
    expect(fieldKey(year0.json(), 'from')).toBe(AUDIT_MESSAGES.invalidDateTime.key);
  });

  it('pages by cursor as by page, with nothing twice and nothing missed', async () => {
    const entity = `cursor-${randomUUID().slice(0, 6)}`;
    const ids = await insertRecords(Array.from({ length: 25 }, (_, i) => ({ entity, entityId: `r${i}` })));
    const newestFirst = [...ids].reverse().map(String);

    const byCursor: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `entity=${entity}&size=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      // Page 0 is counted; a cursor page is not, its client has the count of page 0.
      expect(page.totalElements).toBe(cursor ? null : 25);
      expect(page.totalExact).toBe(cursor ? null : true);
      byCursor.push(...page.content.map((r) => r.auditId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(byCursor).toEqual(newestFirst);
    expect(pages).toBe(3);

    const byPage = await Promise.all([0, 1, 2].map((p) => list(`entity=${entity}&size=10&page=${p}`)));
    expect(byPage.flatMap((p) => p.content.map((r) => r.auditId))).toEqual(newestFirst);
    // A page asked by number is counted, whichever it is.
    expect(byPage.map((p) => [p.totalElements, p.totalExact])).toEqual([
      [25, true],
      [25, true],
      [25, true],
    ]);
    // A page that ends on the last record has no next one.
    expect((await list(`entity=${entity}&size=5&page=4`)).nextCursor).not.toBeNull();
    expect((await list(`entity=${entity}&size=25`)).nextCursor).not.toBeNull();
    expect((await list(`entity=${entity}&size=26`)).nextCursor).toBeNull();
  });

  it('counts up to AUDIT_COUNT_LIMIT and says when there are more', async () => {
    const entity = `many-${randomUUID().slice(0, 6)}`;
    await t.db.execute(sql`insert into audit_log (action, entity, entity_id)
      select 'update', ${entity}, 'r' || i from generate_series(1, ${AUDIT_COUNT_LIMIT + 5}) i`);
    const first = await list(`entity=${entity}&size=5`);
    expect([first.totalElements, first.totalExact]).toEqual([AUDIT_COUNT_LIMIT, false]);
    const third = await list(`entity=${entity}&size=5&page=2`);
    expect([third.totalElements, third.totalExact]).toEqual([AUDIT_COUNT_LIMIT, false]);
    const next = await list(`entity=${entity}&size=5&cursor=${first.nextCursor}`);
    expect([next.totalElements, next.totalExact]).toEqual([null, null]);
    expect(next.content).toEqual((await list(`entity=${entity}&size=5&page=1`)).content);
    const few = await list(`entity=${entity}&entityId=r7`);
    expect([few.totalElements, few.totalExact]).toEqual([1, true]);
  });

  it('refuses a cursor it did not hand out', async () => {
    for (const cursor of ['nonsense', Buffer.from('a-1').toString('base64url'), '12']) {
      const res = await t.get(`${AUDIT}?cursor=${cursor}`, admin);
      expect(res.statusCode, cursor).toBe(400);
      expect(fieldKey(res.json(), 'cursor')).toBe(AUDIT_MESSAGES.invalidCursor.key);
    }
  });
});

describe('one record', () => {
  it('shows before, after and their diff, field by field; secrets stay redacted', async () => {
    const create = await t.post(
      `${V2}/application/client`,
      { clientName: 'Before', applicationId: appA },
      admin,
    );
    expect(create.statusCode, create.body).toBe(201);
    const acId = create.json().acId as string;
    const history = await list(`entity=application-client&entityId=${acId}`);
    expect(history.content.map((r) => r.action)).toEqual(['create']);
    expect(history.content[0]!.applicationId).toBe(appA);

    const created = (await t.get(`${AUDIT}/${history.content[0]!.auditId}`, admin)).json();
    expect(created.before).toBeNull();
    expect(created.diff).toContainEqual({ path: 'clientName', before: null, after: 'Before' });
    expect(create.json().secret).toBeTruthy();
    expect(JSON.stringify(created)).not.toContain(create.json().secret);

    const [id] = await insertRecords([
      {
        entity: 'diff-thing',
        before: { name: 'a', password: '[redacted]', nested: { x: 1, y: [1, 2] }, gone: true },
        after: { name: 'b', password: '[redacted]', nested: { x: 1, y: [1, 3] }, added: 'new' },
      },
    ]);
    const detail = (await t.get(`${AUDIT}/${id}`, admin)).json();
    expect(detail.sealed).toBe(false);
    expect(detail.diff).toEqual([
      { path: 'added', before: null, after: 'new' },
      { path: 'gone', before: true, after: null },
      { path: 'name', before: 'a', after: 'b' },
      { path: 'nested.y', before: [1, 2], after: [1, 3] },
    ]);
  });

  it('is a 404 when there is no such record', async () => {
    expect((await t.get(`${AUDIT}/999999999999`, admin)).statusCode).toBe(404);
  });
});

describe('the export', () => {
  const entity = `export-${randomUUID().slice(0, 6)}`;
  const count = 2_345;

  beforeAll(async () => {
    await insertRecords(
      Array.from({ length: count }, (_, i) => ({
        entity,
        entityId: `r${i}`,
        actorName: i === 0 ? '=cmd()' : 'exporter',
        after: { n: i, text: 'a, "quoted"\nline' },
      })),
    );
  });

  it('streams every matching record as CSV, in batches, newest first', async () => {
    const res = await t.get(`${AUDIT}/export?format=csv&entity=${entity}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-.*\.csv"/);
    expect(res.body.startsWith('\uFEFFauditId,at,actorId,actorName,action,entity,entityId')).toBe(true);
    // One line per record, its id in the entityId column.
    expect(res.body.match(new RegExp(`,${entity},r\\d+,`, 'g'))).toHaveLength(count);
    expect(res.body).toContain(`'=cmd()`);
    // before and after as PostgreSQL prints jsonb.
    expect(res.body).toContain('"{""n"": 0, ""text"": ""a, \\""quoted\\""\\nline""}"');
  });

  it('writes each JSON Lines record as the API reads it, whatever its text holds', async () => {
    const odd = `odd-${randomUUID().slice(0, 6)}`;
    const [id] = await insertRecords([
      {
        entity: odd,
        entityId: null,
        actorName: 'say "hi"\\\n\t\u2028 中文 \u{1F600}',
        actorId: null,
        requestId: '</script>',
        before: null,
        after: { list: [1, 'two', null], nested: { quote: '"' } },
      },
    ]);
    const res = await t.get(`${AUDIT}/export?format=jsonl&entity=${odd}`, admin);
    const lines = res.body.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const { diff: _, sealed: __, ...record } = (await t.get(`${AUDIT}/${id}`, admin)).json();
    expect(JSON.parse(lines[0]!)).toEqual(record);
  });

  it('streams JSON Lines with before and after, and is itself audited', async () => {
    const res = await t.get(`${AUDIT}/export?format=jsonl&entity=${entity}&entityId=r7`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ entity, entityId: 'r7', after: { n: 7 } });

    const all = await t.get(`${AUDIT}/export?format=jsonl&entity=${entity}`, admin);
    const records = all.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records).toHaveLength(count);
    expect(records[0].after.n).toBe(count - 1);
    expect(records[count - 1].after.n).toBe(0);

    const exports = await list('entity=audit&action=export&size=1');
    const record = (await t.get(`${AUDIT}/${exports.content[0]!.auditId}`, admin)).json();
    expect(record.after).toEqual({ format: 'jsonl', filter: { entity: [entity] } });
  });
});

describe('a delegated administrator', () => {
  it('sees the records of their applications only', async () => {
    const entity = `scoped-${randomUUID().slice(0, 6)}`;
    const [inA, inB, platformWide] = await insertRecords([
      { entity, applicationId: appA },
      { entity, applicationId: appB },
      { entity, applicationId: null },
    ]);
    const role = await t.createRole({
      permissions: [
        { permissionId: AUDIT_PERMISSION_ID, actions: ['retrieve', 'export'], applicationIds: [appA] },
      ],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const token = await t.login(user.username, user.password);

    expect((await list(`entity=${entity}`, token)).content.map((r) => Number(r.auditId))).toEqual([inA]);
    expect((await list(`entity=${entity}`)).content).toHaveLength(3);
    expect((await t.get(`${AUDIT}?applicationId=${appB}`, token)).statusCode).toBe(403);
    expect((await t.get(`${AUDIT}/${inA}`, token)).statusCode).toBe(200);
    expect((await t.get(`${AUDIT}/${inB}`, token)).statusCode).toBe(403);
    expect((await t.get(`${AUDIT}/${platformWide}`, token)).statusCode).toBe(403);
    expect(await exportedIds(`entity=${entity}`, token)).toEqual([String(inA)]);
    expect((await t.get(`${AUDIT}/export?applicationId=${appB}`, token)).statusCode).toBe(403);

    const noGrant = await t.createUser();
    const other = await t.login(noGrant.username, noGrant.password);
    expect((await t.get(AUDIT, other)).statusCode).toBe(403);
  });
});

/** The ids of the records an export as JSON Lines holds. */
async function exportedIds(query: string, token: string): Promise<string[]> {
  const res = await t.get(`${AUDIT}/export?format=jsonl&${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).auditId);
}

describe('the export action (issue 28)', () => {
  /** A user holding a role per grant on the audit permission (a role grants a permission once). */
  const userWith = async (grants: { actions: Action[]; applicationIds?: string[] }[]) => {
    const roleIds: string[] = [];
    for (const grant of grants)
      roleIds.push(
        (await t.createRole({ permissions: [{ permissionId: AUDIT_PERMISSION_ID, ...grant }] })).roleId,
      );
    const user = await t.createUser({ roleIds });
    return t.login(user.username, user.password);
  };

  it('is needed to export: reading the trail does not give it, nor exporting reading', async () => {
    const reader = await userWith([{ actions: ['retrieve'] }]);
    expect((await t.get(AUDIT, reader)).statusCode).toBe(200);
    const refused = await t.get(`${AUDIT}/export?format=jsonl`, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');

    const exporter = await userWith([{ actions: ['export'] }]);
    expect((await t.get(`${AUDIT}/export?format=jsonl&entity=nothing`, exporter)).statusCode).toBe(200);
    expect((await t.get(AUDIT, exporter)).statusCode).toBe(403);
  });

  it('reaches the applications of the export grant, not those of the reading one', async () => {
    const entity = `export-scope-${randomUUID().slice(0, 6)}`;
    const [inA, inB] = await insertRecords([
      { entity, applicationId: appA },
      { entity, applicationId: appB },
      { entity, applicationId: null },
    ]);
    // Reads everything, exports application A's records alone.
    const token = await userWith([
      { actions: ['retrieve'] },
      { actions: ['export'], applicationIds: [appA] },
    ]);
    expect((await list(`entity=${entity}`, token)).content).toHaveLength(3);
    expect(await exportedIds(`entity=${entity}`, token)).toEqual([String(inA)]);
    expect(await exportedIds(`entity=${entity}&applicationId=${appA}`, token)).toEqual([String(inA)]);
    expect((await t.get(`${AUDIT}/export?entity=${entity}&applicationId=${appB}`, token)).statusCode).toBe(
      403,
    );
    expect((await t.get(`${AUDIT}/${inB}`, token)).statusCode).toBe(200);
  });

  it('is held by the administrator, and shown in the user info of spec §3', async () => {
    const info = (await t.get('/api/admin-service/user/current', admin)).json();
    const audit = info.role.permissions.find(
      (p: { permissionId: string }) => p.permissionId === AUDIT_PERMISSION_ID,
    );
    expect(audit.actionEntitySet).toEqual(['retrieve', 'export']);
    // Every other area keeps the four actions of spec §6.
    const client = info.role.permissions.find(
      (p: { permissionId: string }) => p.permissionId === 'app-config.client',
    );
    expect(client.actionEntitySet).toEqual(['create', 'update', 'retrieve', 'delete']);
    expect(
      (await t.get(`${AUDIT}/export?format=jsonl&entity=nothing-${randomUUID()}`, admin)).statusCode,
    ).toBe(200);
  });

  it('is granted only on a permission that offers it', async () => {
    const role = await t.createRole();
    const grant = (permissionId: string, actionEntitySet: Action[], applicationId = PLATFORM_APP_ID) =>
      t.inject({
        method: 'PUT',
        url: `${V2}/role/${role.roleId}/grants`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { permissions: [{ applicationId, permissionId, actionEntitySet }], resources: [] },
      });
    const onClients = await grant('app-config.client', ['retrieve', 'export']);
    expect(onClients.statusCode).toBe(400);
    expect(fieldKey(onClients.json(), 'permissions.0.actionEntitySet')).toBe('identity.actionNotOffered');

    const onAudit = await grant(AUDIT_PERMISSION_ID, ['export', 'retrieve']);
    expect(onAudit.statusCode, onAudit.body).toBe(200);
    expect(onAudit.json().permissions[0].actionEntitySet).toEqual(['retrieve', 'export']);
    // The four of spec §6 stay accepted on it, as grants made before it named its own.
    expect((await grant(AUDIT_PERMISSION_ID, ['retrieve', 'update'])).statusCode).toBe(200);
  });
});

describe('sign-in events', () => {
  const newest = async (userId: string | null, action: string) => {
    const query = userId ? `entityId=${userId}` : `keyword=${action}`;
    const page = await list(`entity=user&action=${action}&${query}&size=1`);
    if (!page.content[0]) return undefined;
    return (await t.get(`${AUDIT}/${page.content[0].auditId}`, admin)).json();
  };

  it('records a success, a failure with its reason, the lock it starts, and a disabled account', async () => {
    const user = await t.createUser();
    const login = (password: string) =>
      t.post('/api/oauth2-server/login', { username: user.username, password }, undefined, {
        remoteAddress: '192.0.2.7',
      });
    expect((await login('wrong-1')).statusCode).toBe(401);
    expect((await newest(user.userId, 'login.failed')).after).toEqual({ reason: 'wrong-password' });
    expect((await login('wrong-2')).statusCode).toBe(401);
    expect(await newest(user.userId, 'login.locked')).toBeUndefined();
    expect((await login('wrong-3')).statusCode).toBe(401);
    const locked = await newest(user.userId, 'login.locked');
    expect(locked).toMatchObject({ ip: '192.0.2.7', after: { lockedSeconds: 1 } });

    const unknown = await t.post('/api/oauth2-server/login', { username: 'nobody-here', password: 'x' });
    expect(unknown.statusCode).toBe(401);
    const failures = await list('entity=user&action=login.failed&size=1');
    const last = (await t.get(`${AUDIT}/${failures.content[0]!.auditId}`, admin)).json();
    expect(last).toMatchObject({ entityId: null, after: { reason: 'unknown-account' } });

    const disabled = await t.createUser({ status: 'DISABLED' });
    const refused = await t.post('/api/oauth2-server/login', {
      username: disabled.username,
      password: disabled.password,
    });
    expect(refused.statusCode).toBe(401);
    expect((await newest(disabled.userId, 'login.failed')).after).toEqual({ reason: 'disabled' });

    const other = await t.createUser();
    await t.login(other.username, other.password);
    expect(await newest(other.userId, 'login')).toMatchObject({ actorName: other.username });
  });

  it('records a failed password change and a wrong unlock', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const change = await t.post(
      '/api/oauth2-server/change-password',
      { oldPassword: 'not-it', newPassword: 'a-new-password-42' },
      token,
    );
    expect(change.statusCode).toBe(400);
    expect((await newest(user.userId, 'password.change.failed')).after).toEqual({
      reason: 'wrong-password',
    });
    const unlock = await t.post('/api/oauth2-server/unlock', { password: 'not-it' }, token);
    expect(unlock.statusCode).toBe(400);
    expect((await newest(user.userId, 'unlock.failed')).after).toEqual({ reason: 'wrong-password' });
  });
});

describe('the hash chain', () => {
  it('seals records in id order, and verification names an edited record', async () => {
    await insertRecords([
      { entity: 'chain', after: { v: 1 } },
      { entity: 'chain', after: { v: 2 } },
    ]);
    await sealAll(t.db);
    const before = await verifyChain(t.db);
    expect(before).toMatchObject({ ok: true });
    const [target] = await insertRecords([{ entity: 'chain', after: { v: 3 } }]);
    await insertRecords([{ entity: 'chain', after: { v: 4 } }]);
    await sealAll(t.db);
    expect((await t.get(`${AUDIT}/${target}`, admin)).json().sealed).toBe(true);
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });

    await t.db
      .update(auditLog)
      .set({ after: { v: 33 } })
      .where(eq(auditLog.id, target!));
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, id: target });
    await t.db
      .update(auditLog)
      .set({ after: { v: 3 } })
      .where(eq(auditLog.id, target!));
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
    // Even a change of the time by a microsecond shows.
    await t.db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} + interval '1 microsecond'` })
      .where(eq(auditLog.id, target!));
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, id: target });
    await t.db
      .update(auditLog)
      .set({ at: sql`${auditLog.at} - interval '1 microsecond'` })
      .where(eq(auditLog.id, target!));
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
  });

  it('names the record after a deleted one, and the end when the newest are deleted', async () => {
    const ids = await insertRecords(
      Array.from({ length: 5 }, (_, i) => ({ entity: 'chain-delete', after: { i } })),
    );
    await sealAll(t.db);
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
    await hide(ids[2]!);
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, id: ids[3] });
    await restore(ids[2]!);
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });

    const [state] = await t.db.select().from(auditChain);
    await hide(state!.sealedId);
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, id: state!.sealedId });
    await restore(state!.sealedId);
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
  });

  // The embedded database is open in this process; a second one may not open its files.
  it.runIf(TEST_DB === 'postgres')(
    'npm run audit:verify says whether the chain holds, and where it breaks',
    async () => {
      const root = fileURLToPath(new URL('../../..', import.meta.url));
      const verify = () =>
        new Promise<{ code: number; out: string }>((resolve) => {
          execFile(
            'npx',
            ['tsx', 'apps/server/src/cli/gatehouse.ts', 'audit:verify'],
            { cwd: root, env: { ...process.env, DATABASE_URL: t.databaseUrl } },
            (err, stdout) => resolve({ code: err ? Number(err.code) : 0, out: stdout }),
          );
        });
      await sealAll(t.db);
      const holds = await verify();
      expect(holds).toMatchObject({ code: 0 });
      expect(holds.out).toMatch(/^The audit chain holds: \d+ records/);
      const [state] = await t.db.select().from(auditChain);
      const id = state!.sealedId - 3;
      const [saved] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
      await t.db.update(auditLog).set({ actorName: 'someone else' }).where(eq(auditLog.id, id));
      const edited = await verify();
      expect(edited.code).toBe(1);
      expect(edited.out).toContain(`broken at record ${id}:`);
      await t.db.update(auditLog).set({ actorName: saved!.actorName }).where(eq(auditLog.id, id));
      await hide(id);
      const deleted = await verify();
      expect(deleted.code).toBe(1);
      const [next] = await t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(sql`${auditLog.id} > ${id}`)
        .orderBy(auditLog.id)
        .limit(1);
      expect(deleted.out).toContain(`broken at record ${next!.id}:`);
      await restore(id);
      expect((await verify()).code).toBe(0);
    },
    60_000,
  );

  it('names a record inserted into the sealed range', async () => {
    const [state] = await t.db.select().from(auditChain);
    const [forged] = await t.db
      .insert(auditLog)
      .values({ id: state!.sealedId - 1, action: 'forged', entity: 'chain' })
      .onConflictDoNothing()
      .returning({ id: auditLog.id });
    if (!forged) return; // that id is taken: nothing to insert
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, id: forged.id });
    await t.db.delete(auditLog).where(eq(auditLog.id, forged.id));
  });
});

describe('retention', () => {
  it('keeps the setting next to the others, 365 days by default', async () => {
    expect((await t.get('/api/admin-service/settings', admin)).json().auditRetentionDays).toBe(365);
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/admin-service/settings',
      headers: { authorization: `Bearer ${admin}` },
      payload: { auditRetentionDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const set = await t.inject({
      method: 'PUT',
      url: '/api/admin-service/settings',
      headers: { authorization: `Bearer ${admin}` },
      payload: { auditRetentionDays: 30 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().auditRetentionDays).toBe(30);
  });

  it('purges the sealed records past it, oldest first, and the chain still verifies', async () => {
    await sealAll(t.db);
    // Everything so far is made old, then a few newer records follow.
    await t.db.update(auditLog).set({ at: sql`${auditLog.at} - interval '400 days'` });
    const [kept] = await insertRecords([{ entity: 'retention', after: { kept: true } }]);
    await sealAll(t.db);
    const [{ n: oldBefore }] = (await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(sql`${auditLog.at} < now() - interval '365 days'`)) as [{ n: number }];
    expect(oldBefore).toBeGreaterThan(1000);

    const result = await purgeExpired(t.db, 365, { force: true });
    expect(result).toMatchObject({ ran: true, deleted: oldBefore });
    const [{ n: oldAfter }] = (await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(sql`${auditLog.at} < now() - interval '365 days'`)) as [{ n: number }];
    expect(oldAfter).toBe(0);
    expect((await t.get(`${AUDIT}/${kept}`, admin)).statusCode).toBe(200);
    const purge = await list('entity=audit&action=purge&size=1');
    expect(purge.content).toHaveLength(1);

    await sealAll(t.db);
    expect(await verifyChain(t.db)).toMatchObject({ ok: true, firstId: kept });
    // The first kept record still links to the last purged one: changing it shows.
    await t.db.update(auditLog).set({ action: 'edited' }).where(eq(auditLog.id, kept!));
    expect(await verifyChain(t.db)).toMatchObject({ ok: false, id: kept });
    await t.db.update(auditLog).set({ action: 'update' }).where(eq(auditLog.id, kept!));
    expect(await verifyChain(t.db)).toMatchObject({ ok: true });
  });

  it('runs on one instance at a time, and once a day', async () => {
    // Another instance holds the lease.
    await t.db.update(auditChain).set({ purgeLeaseUntil: sql`now() + interval '5 minutes'` });
    expect(await purgeExpired(t.db, 1, { force: true })).toMatchObject({ ran: false });
    await t.db.update(auditChain).set({ purgeLeaseUntil: null });
    // The purge above finished today: the daily one is not due.
    expect(await purgeExpired(t.db, 1)).toMatchObject({ ran: false });
    expect(await purgeExpired(t.db, 1, { force: true })).toMatchObject({ ran: true });
  });

  it('leaves records it has not sealed', async () => {
    const [unsealed] = await insertRecords([{ entity: 'retention', at: new Date('2000-01-01T00:00:00Z') }]);
    await purgeExpired(t.db, 1, { force: true });
    expect((await t.get(`${AUDIT}/${unsealed}`, admin)).statusCode).toBe(200);
  });
});
