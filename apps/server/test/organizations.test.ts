import {
  IDENTITY_MESSAGES,
  type Organization,
  organizationSchema,
  pageSchema,
  userSchema,
} from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, del, put, query } from './fixtures.ts';
import { build, type TestContext } from './helper.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/admin-service/v2/organization';
const page = pageSchema(organizationSchema);

async function newOrg(code: string, parentId?: string): Promise<Organization> {
  const res = await t.post(
    BASE,
    { name: code.toUpperCase(), code, ...(parentId ? { parentId } : {}) },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return organizationSchema.parse(res.json());
}
const get = async (id: string) => organizationSchema.parse((await t.get(`${BASE}/${id}`, admin)).json());
const list = async (params: Record<string, unknown>) =>
  page.parse((await t.get(`${BASE}?${query({ size: 100, sort: 'code,asc', ...params })}`, admin)).json());

describe('the organization tree', () => {
  let root: Organization;
  let child: Organization;
  let grandchild: Organization;
  beforeAll(async () => {
    root = await newOrg('acme');
    child = await newOrg('acme-eu', root.organizationId);
    grandchild = await newOrg('acme-eu-de', child.organizationId);
  });

  it('gives each node its path from the root and its counts', async () => {
    expect(root).toMatchObject({ parentId: null, path: 'ACME', childCount: 0, memberCount: 0 });
    expect(grandchild).toMatchObject({ parentId: child.organizationId, path: 'ACME / ACME-EU / ACME-EU-DE' });
    expect((await get(root.organizationId)).childCount).toBe(1);
    const dup = await t.post(BASE, { name: 'x', code: 'acme' }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ code: IDENTITY_MESSAGES.duplicateCode });
    const orphan = await t.post(BASE, { name: 'x', code: 'orphan', parentId: crypto.randomUUID() }, admin);
    expect(orphan.json().fields).toEqual({ parentId: IDENTITY_MESSAGES.unknownOrganization });
  });

  it('lists the top level, a node’s children, or every level when searching', async () => {
    const other = await newOrg('zeta');
    expect((await list({})).content.map((o) => o.code)).toEqual(['acme', 'zeta']);
    expect((await list({ parentId: root.organizationId })).content.map((o) => o.code)).toEqual(['acme-eu']);
    expect((await list({ keyword: 'acme-eu' })).content.map((o) => o.path)).toEqual([
      'ACME / ACME-EU',
      'ACME / ACME-EU / ACME-EU-DE',
    ]);
    await del(t, `${BASE}/${other.organizationId}`, admin);
  });

  it('renames a node, and the paths below follow', async () => {
    await put(t, BASE, { organizationId: child.organizationId, name: 'Europe', code: 'acme-eu' }, admin);
    expect((await get(grandchild.organizationId)).path).toBe('ACME / Europe / ACME-EU-DE');
  });

  it('moves a node, never under itself or its descendants', async () => {
    const other = await newOrg('other');
    const moved = await put(
      t,
      `${BASE}/${child.organizationId}/move`,
      { parentId: other.organizationId },
      admin,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().path).toBe('OTHER / Europe');
    expect((await get(grandchild.organizationId)).path).toBe('OTHER / Europe / ACME-EU-DE');
    for (const parentId of [child.organizationId, grandchild.organizationId]) {
      const loop = await put(t, `${BASE}/${child.organizationId}/move`, { parentId }, admin);
      expect(loop.statusCode).toBe(400);
      expect(loop.json().fields).toEqual({ parentId: IDENTITY_MESSAGES.organizationCycle });
    }
    const gone = await put(
      t,
      `${BASE}/${child.organizationId}/move`,
      { parentId: crypto.randomUUID() },
      admin,
    );
    expect(gone.json().fields).toEqual({ parentId: IDENTITY_MESSAGES.unknownOrganization });
    const top = await put(t, `${BASE}/${child.organizationId}/move`, { parentId: null }, admin);
    expect(top.json()).toMatchObject({ parentId: null, path: 'Europe' });
    await put(t, `${BASE}/${child.organizationId}/move`, { parentId: root.organizationId }, admin);
    expect((await auditOf(t.db, 'organization', child.organizationId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'move',
      'move',
      'move',
    ]);
  });

  it('two concurrent moves cannot close a loop between them', async () => {
    const a = await newOrg('loop-a');
    const b = await newOrg('loop-b');
    const results = await Promise.all([
      put(t, `${BASE}/${a.organizationId}/move`, { parentId: b.organizationId }, admin),
      put(t, `${BASE}/${b.organizationId}/move`, { parentId: a.organizationId }, admin),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('sets members; a user belongs to one organization at a time', async () => {
    const [u1, u2] = [await t.createUser(), await t.createUser()];
    const set = await put(
      t,
      `${BASE}/${root.organizationId}/members`,
      { userIds: [u1.userId, u2.userId] },
      admin,
    );
    expect(set.json().memberCount).toBe(2);
    const moved = await put(t, `${BASE}/${child.organizationId}/members`, { userIds: [u2.userId] }, admin);
    expect(moved.json().memberCount).toBe(1);
    expect((await get(root.organizationId)).memberCount).toBe(1);
    const user = userSchema.parse((await t.get(`/api/admin-service/v2/user/${u2.userId}`, admin)).json());
    expect(user.organizationId).toBe(child.organizationId);
    const members = (
      await t.get(`/api/admin-service/v2/user?${query({ organizationId: root.organizationId })}`, admin)
    ).json();
    expect(members.content.map((u: { userId: string }) => u.userId)).toEqual([u1.userId]);
    const unknown = await put(
      t,
      `${BASE}/${root.organizationId}/members`,
      { userIds: [crypto.randomUUID()] },
      admin,
    );
    expect(unknown.json().fields).toEqual({ userIds: IDENTITY_MESSAGES.unknownUser });
  });

  it('refuses to delete a node with children or members, naming them', async () => {
    const res = await del(t, `${BASE}/${root.organizationId}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IDENTITY_MESSAGES.inUse('1 child organization and 1 member'));
    const leaf = await newOrg('leaf');
    expect(
      (await put(t, `${BASE}/${leaf.organizationId}/status`, { status: 'DISABLED' }, admin)).json().status,
    ).toBe('DISABLED');
    expect((await del(t, `${BASE}/${leaf.organizationId}`, admin)).statusCode).toBe(204);
    expect((await t.get(`${BASE}/${leaf.organizationId}`, admin)).statusCode).toBe(404);
  });
});
