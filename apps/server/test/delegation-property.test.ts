/**
 * Delegation, as a property (fast-check): an actor is given a random set of grants (console
 * areas with random actions, each for every application or some; permissions of two
 * applications; resources), then sends random requests that change grants: role grants and
 * status, user roles, groups and status, group roles, members and status, access-control
 * entries, page elements. After every accepted request, no user holds anything they did
 * not hold before unless the actor held it too; a refused request changes nothing.
 *
 * What each user holds is computed here from the tables, independently of the server's own
 * module: for an enabled user in an active organization (or none), roles held directly or
 * through enabled groups, enabled roles only, their
 * permission and resource grants, their elements and page elements, and the enabled
 * entries naming the user, their groups or their roles.
 *
 * DELEGATION_RUNS sets the number of actors (60; `npm run fuzz` runs 1,000); each sends up to five
 * requests. DELEGATION_SEED replays a run (fast-check prints the seed of a failure).
 */

import { PLATFORM_APP_ID } from '@gatehouse/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicationAcls,
  applicationPages,
  groupMembers,
  groupRoles,
  groups,
  organizations,
  pageElementRoles,
  pageElements,
  permissions,
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { createApplication } from './fixtures.ts';
import { build } from './helper.ts';

const RUNS = Number(process.env.DELEGATION_RUNS ?? process.env.FUZZ_RUNS ?? 60);

const t = await build();
const V2 = '/api/admin-service/v2';
const admin = await t.login();
const call = (token: string, method: 'POST' | 'PUT', url: string, body?: unknown) =>
  t.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
const api = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
  const res = await call(admin, method, url, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

// ---- the universe: two applications, each with two permissions, a small tree and a page
const APPS = [await createApplication(t.db, 'prop-a'), await createApplication(t.db, 'prop-b')];
const PERMS = ['orders', 'invoices'];
const permissionKeys: Record<string, string> = {};
const resourceIds: string[] = [];
const pageIds: string[] = [];
for (const applicationId of APPS) {
  for (const id of PERMS) {
    const p = await api('POST', '/api/admin-service/permission/createPermission', {
      name: id,
      id,
      resourceType: 'API',
      applicationId,
    });
    permissionKeys[`${applicationId}|${id}`] = p.resourceId;
  }
  const category = await api('POST', '/api/admin-service/resource', {
    name: 'c',
    id: 'c',
    type: 'CATEGORY',
    order: 1,
    status: 'ENABLED',
    applicationId,
  });
  const menu = await api('POST', '/api/admin-service/resource', {
    name: 'm',
    id: 'm',
    type: 'MENU',
    order: 1,
    status: 'ENABLED',
    applicationId,
    parentId: category.resourceId,
  });
  const element = await api('POST', '/api/admin-service/resource', {
    name: 'e',
    id: 'e:do',
    type: 'ELEMENT',
    order: 1,
    status: 'ENABLED',
    applicationId,
    parentId: menu.resourceId,
  });
  resourceIds.push(category.resourceId, menu.resourceId, element.resourceId);
  pageIds.push(
    (await api('POST', `${V2}/application/pages`, { applicationId, name: 'p', route: '/p' })).pageId,
  );
}
/** The console areas the requests below go through. */
const AREAS = [
  'admin-setting.manage-user',
  'admin-setting.manage-group',
  'admin-setting.manage-role',
  'admin-setting.application',
  'app-config.client',
];
const ACTIONS = ['create', 'update', 'retrieve', 'delete'] as const;
const SCOPES: (string[] | null)[] = [null, [APPS[0]!], [APPS[1]!], [...APPS]];

// ---- arbitraries
const actionsArb = fc.subarray([...ACTIONS], { minLength: 1 });
const platformGrantArb = fc.record({
  applicationId: fc.constant(PLATFORM_APP_ID),
  permissionId: fc.constantFrom(...AREAS),
  actionEntitySet: actionsArb,
  scope: fc.constantFrom(...SCOPES),
});
const appGrantArb = fc.record({
  applicationId: fc.constantFrom(...APPS),
  permissionId: fc.constantFrom(...PERMS),
  actionEntitySet: actionsArb,
});
type GrantsBody = { permissions: Record<string, unknown>[]; resources: string[] };
const toBody = (
  platform: { permissionId: string; actionEntitySet: string[]; scope: string[] | null }[],
  apps: { applicationId: string; permissionId: string; actionEntitySet: string[] }[],
  resources: string[],
): GrantsBody => ({
  permissions: [
    ...platform.map(({ scope, ...g }) => ({
      applicationId: PLATFORM_APP_ID,
      ...g,
      ...(scope === null ? {} : { applicationIds: scope }),
    })),
    ...apps,
  ],
  resources,
});
/** Any grants, a few of each kind. */
const grantsArb: fc.Arbitrary<GrantsBody> = fc
  .record({
    platform: fc.uniqueArray(platformGrantArb, { maxLength: 3, selector: (g) => g.permissionId }),
    apps: fc.uniqueArray(appGrantArb, {
      maxLength: 3,
      selector: (g) => `${g.applicationId}|${g.permissionId}`,
    }),
    resources: fc.subarray(resourceIds, { maxLength: 3 }),
  })
  .map(({ platform, apps, resources }) => toBody(platform, apps, resources));
/**
 * An actor's grants: most areas, often with every action for every application, and most
 * permissions, so that many of its requests are ones it may make.
 */
const actorGrantsArb: fc.Arbitrary<GrantsBody> = fc
  .record({
    platform: fc.tuple(
      ...AREAS.map((permissionId) =>
        fc.record({
          permissionId: fc.constant(permissionId),
          actionEntitySet: fc.oneof(
            { weight: 3, arbitrary: fc.constant([...ACTIONS] as string[]) },
            { weight: 1, arbitrary: actionsArb },
          ),
          scope: fc.oneof(
            { weight: 2, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.constantFrom(...SCOPES) },
          ),
        }),
      ),
    ),
    apps: fc
      .subarray(
        APPS.flatMap((applicationId) => PERMS.map((permissionId) => ({ applicationId, permissionId }))),
        { minLength: 1 },
      )
      .chain((perms) =>
        fc.tuple(
          ...perms.map((p) =>
            fc
              .oneof(fc.constant([...ACTIONS] as string[]), actionsArb)
              .map((actionEntitySet) => ({ ...p, actionEntitySet })),
          ),
        ),
      ),
    resources: fc.subarray(resourceIds),
  })
  .map(({ platform, apps, resources }) => toBody(platform, apps, resources));
/** Some of the actor's own grants (what it may give), or anything. */
const givenByArb = (own: GrantsBody): fc.Arbitrary<GrantsBody> =>
  fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({
        permissions: fc.subarray(own.permissions),
        resources: fc.subarray(own.resources),
      }),
    },
    { weight: 1, arbitrary: grantsArb },
  );

// ---- pools the requests pick from, made by the administrator with random grants
const pool = { roles: [] as string[], users: [] as string[], groups: [] as string[], acls: [] as string[] };
let serial = 0;
const sample = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: 1, seed: ++serial })[0]!;
for (let i = 0; i < 5; i++) {
  const role = await api('POST', `${V2}/role`, { name: `r${i}`, code: `prop-role-${i}` });
  await api('PUT', `${V2}/role/${role.roleId}/grants`, sample(grantsArb));
  pool.roles.push(role.roleId);
}
for (let i = 0; i < 4; i++) {
  const user = await api('POST', `${V2}/user`, {
    username: `prop-user-${i}`,
    name: 'u',
    email: 'u@example.test',
  });
  await api('PUT', `${V2}/user/${user.userId}/roles`, {
    roleIds: pool.roles.filter((_, j) => (i + j) % 3 === 0),
  });
  pool.users.push(user.userId);
}
for (let i = 0; i < 3; i++) {
  const group = await api('POST', `${V2}/group`, { name: `g${i}`, code: `prop-group-${i}` });
  await api('PUT', `${V2}/group/${group.groupId}/roles`, { roleIds: [pool.roles[i]!] });
  await api('PUT', `${V2}/group/${group.groupId}/members`, { userIds: [pool.users[i]!] });
  pool.groups.push(group.groupId);
}

// ---- what each user holds, from the tables
type Held = { all: boolean; items: Set<string> };
async function holdings(): Promise<Map<string, Held>> {
  const [u, r, ur, g, gm, gr, rp, rr, res, acl, perms, pe, pages, per] = await Promise.all([
    t.db.select({ id: users.userId, status: users.status, organizationId: users.organizationId }).from(users),
    t.db.select({ id: roles.roleId, status: roles.status, builtin: roles.builtin }).from(roles),
    t.db.select().from(userRoles),
    t.db.select({ id: groups.groupId, status: groups.status }).from(groups),
    t.db.select().from(groupMembers),
    t.db.select().from(groupRoles),
    t.db.select().from(rolePermissions),
    t.db.select().from(roleResources),
    t.db
      .select({
        id: resources.resourceId,
        app: resources.applicationId,
        type: resources.type,
        code: resources.id,
      })
      .from(resources),
    t.db.select().from(applicationAcls),
    t.db
      .select({ key: permissions.resourceId, app: permissions.applicationId, id: permissions.id })
      .from(permissions),
    t.db.select().from(pageElements),
    t.db.select({ id: applicationPages.pageId, status: applicationPages.status }).from(applicationPages),
    t.db.select().from(pageElementRoles),
  ]);
  const activeOrganizations = new Set(
    (await t.db.select().from(organizations)).filter((o) => o.active).map((o) => o.organizationId),
  );
  const enabledRoles = new Set(r.filter((x) => x.status === 'ENABLED').map((x) => x.id));
  const builtin = new Set(r.filter((x) => x.builtin).map((x) => x.id));
  const enabledGroups = new Set(g.filter((x) => x.status === 'ENABLED').map((x) => x.id));
  const resource = new Map(res.map((x) => [x.id, x]));
  const permissionOf = new Map(perms.map((p) => [p.key, p]));
  const enabledPages = new Set(pages.filter((p) => p.status === 'ENABLED').map((p) => p.id));
  const roleItems = (roleId: string, items: Set<string>) => {
    for (const p of rp.filter((x) => x.roleId === roleId)) {
      for (const action of p.actions) {
        if (p.applicationId === PLATFORM_APP_ID) {
          for (const app of p.applicationIds ?? ['*']) items.add(`pl|${p.permissionId}|${action}|${app}`);
        } else items.add(`pm|${p.applicationId}|${p.permissionId}|${action}`);
      }
    }
    for (const x of rr.filter((y) => y.roleId === roleId)) {
      const node = resource.get(x.resourceId)!;
      items.add(`rs|${node.id}`);
      if (node.type === 'ELEMENT') items.add(`el|${node.app}|${node.code}`);
    }
    for (const x of per.filter((y) => y.roleId === roleId)) {
      const element = pe.find((e) => e.elementId === x.elementId)!;
      if (enabledPages.has(element.pageId)) items.add(`el|${element.applicationId}|${element.code}`);
    }
  };
  const out = new Map<string, Held>();
  for (const user of u) {
    const held: Held = { all: false, items: new Set() };
    out.set(user.id, held);
    // A disabled user, or one in a disabled organization, holds nothing.
    if (user.status !== 'ENABLED') continue;
    if (user.organizationId !== null && !activeOrganizations.has(user.organizationId)) continue;
    const userGroups = gm
      .filter((m) => m.userId === user.id && enabledGroups.has(m.groupId))
      .map((m) => m.groupId);
    const userRoleIds = new Set(
      [
        ...ur.filter((x) => x.userId === user.id).map((x) => x.roleId),
        ...gr.filter((x) => userGroups.includes(x.groupId)).map((x) => x.roleId),
      ].filter((id) => enabledRoles.has(id)),
    );
    for (const roleId of userRoleIds) {
      held.all ||= builtin.has(roleId);
      roleItems(roleId, held.items);
    }
    for (const entry of acl) {
      if (entry.status !== 'ENABLED' || entry.applicationId === PLATFORM_APP_ID) continue;
      const names =
        (entry.subjectType === 'USER' && entry.subjectId === user.id) ||
        (entry.subjectType === 'GROUP' && userGroups.includes(entry.subjectId)) ||
        (entry.subjectType === 'ROLE' && userRoleIds.has(entry.subjectId));
      if (!names) continue;
      if (entry.targetType === 'RESOURCE') held.items.add(`rs|${entry.targetId}`);
      else {
        const p = permissionOf.get(entry.targetId);
        if (p) for (const action of entry.actions) held.items.add(`pm|${p.app}|${p.id}|${action}`);
      }
    }
  }
  return out;
}

/** Whether `holder` holds `item`: a console area for every application covers it for one. */
function holds(holder: Held, item: string): boolean {
  if (holder.all || holder.items.has(item)) return true;
  const [kind, permission, action] = item.split('|');
  return kind === 'pl' && holder.items.has(`pl|${permission}|${action}|*`);
}

// ---- the requests an actor sends
type Req = { method: 'POST' | 'PUT'; url: string; body?: unknown };
const pick = <T>(items: T[]) => fc.constantFrom(...items);
const someOf = <T>(items: T[]) => fc.subarray(items, { maxLength: 3 });
const statusArb = fc.constantFrom('ENABLED', 'DISABLED');
function requestArb(self: { userId: string; roleId: string; grants: GrantsBody }): fc.Arbitrary<Req> {
  const roleIds = [...pool.roles, self.roleId];
  const userIds = [...pool.users, self.userId];
  return fc.oneof(
    fc.record({ id: pick(roleIds), body: givenByArb(self.grants) }).map(({ id, body }) => ({
      method: 'PUT' as const,
      url: `${V2}/role/${id}/grants`,
      body,
    })),
    fc.record({ id: pick(roleIds), status: statusArb }).map(({ id, status }) => ({
      method: 'PUT' as const,
      url: `${V2}/role/${id}/status`,
      body: { status },
    })),
    fc.record({ id: pick(userIds), roles: someOf(roleIds) }).map(({ id, roles: roleList }) => ({
      method: 'PUT' as const,
      url: `${V2}/user/${id}/roles`,
      body: { roleIds: roleList },
    })),
    fc.record({ id: pick(userIds), groups: someOf(pool.groups) }).map(({ id, groups: groupList }) => ({
      method: 'PUT' as const,
      url: `${V2}/user/${id}/groups`,
      body: { groupIds: groupList },
    })),
    fc.record({ id: pick(pool.users), status: statusArb }).map(({ id, status }) => ({
      method: 'PUT' as const,
      url: `${V2}/user/${id}/status`,
      body: { status },
    })),
    fc.record({ id: pick(pool.groups), roles: someOf(roleIds) }).map(({ id, roles: roleList }) => ({
      method: 'PUT' as const,
      url: `${V2}/group/${id}/roles`,
      body: { roleIds: roleList },
    })),
    fc.record({ id: pick(pool.groups), members: someOf(userIds) }).map(({ id, members }) => ({
      method: 'PUT' as const,
      url: `${V2}/group/${id}/members`,
      body: { userIds: members },
    })),
    fc.record({ id: pick(pool.groups), status: statusArb }).map(({ id, status }) => ({
      method: 'PUT' as const,
      url: `${V2}/group/${id}/status`,
      body: { status },
    })),
    fc
      .record({
        app: pick(APPS),
        subject: fc.oneof(
          pick(userIds).map((id) => ({ subjectType: 'USER', subjectId: id })),
          pick(pool.groups).map((id) => ({ subjectType: 'GROUP', subjectId: id })),
          pick(roleIds).map((id) => ({ subjectType: 'ROLE', subjectId: id })),
        ),
        perm: pick(PERMS),
        actions: actionsArb,
      })
      .map(({ app, subject, perm, actions }) => ({
        method: 'POST' as const,
        url: `${V2}/application/acl`,
        body: {
          applicationId: app,
          ...subject,
          targetType: 'PERMISSION',
          targetId: permissionKeys[`${app}|${perm}`],
          actions,
        },
      })),
    fc.record({ page: pick(pageIds), roles: someOf(roleIds) }).map(({ page, roles: roleList }) => ({
      // The tree's element code, which an actor may hold, or a new one, which it cannot.
      method: 'POST' as const,
      url: `${V2}/application/pages/${page}/elements`,
      body: { code: serial % 2 === 0 ? 'e:do' : `code-${++serial}`, name: 'b', roleIds: roleList },
    })),
  );
}

describe('delegation as a property', () => {
  it(`after every accepted request nobody holds anything new that the actor did not (${RUNS} actors)`, async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        actorGrantsArb,
        fc.subarray(pool.roles, { maxLength: 2 }),
        fc.infiniteStream(fc.nat()),
        async (grants, extraRoles, seeds) => {
          const n = ++serial;
          const own = await api('POST', `${V2}/role`, { name: `actor ${n}`, code: `prop-actor-${n}` });
          await api('PUT', `${V2}/role/${own.roleId}/grants`, grants);
          const user = await api('POST', `${V2}/user`, {
            username: `prop-actor-${n}`,
            name: 'actor',
            email: 'a@example.test',
            password: 'actor-password-123',
            mustChangePassword: false,
          });
          await api('PUT', `${V2}/user/${user.userId}/roles`, { roleIds: [own.roleId, ...extraRoles] });
          const token = await t.login(`prop-actor-${n}`, 'actor-password-123');
          const requests = fc.sample(
            fc.array(requestArb({ userId: user.userId, roleId: own.roleId, grants }), {
              minLength: 1,
              maxLength: 5,
            }),
            {
              numRuns: 1,
              seed: seeds.next().value as number,
            },
          )[0]!;
          for (const req of requests) {
            const before = await holdings();
            const actor = before.get(user.userId)!;
            const res = await call(token, req.method, req.url, req.body);
            const after = await holdings();
            if (res.statusCode >= 300) {
              refused++;
              expect(res.statusCode, `${req.method} ${req.url} ${res.body}`).toBeLessThan(500);
              for (const [id, held] of after)
                expect([...held.items].sort(), `refused ${req.url} changed ${id}`).toEqual(
                  [...(before.get(id)?.items ?? [])].sort(),
                );
              continue;
            }
            accepted++;
            for (const [id, held] of after) {
              const had = before.get(id) ?? { all: false, items: new Set<string>() };
              if (held.all && !had.all)
                expect(actor.all, `${req.url} made ${id} an administrator`).toBe(true);
              // Narrowing an area from every application to one is no gain: `holds` says so.
              const gained = [...held.items].filter((item) => !holds(had, item));
              const beyond = gained.filter((item) => !holds(actor, item));
              expect(beyond, `${req.method} ${req.url} ${JSON.stringify(req.body)} gave ${id}`).toEqual([]);
            }
          }
        },
      ),
      {
        numRuns: RUNS,
        endOnFailure: true,
        ...(process.env.DELEGATION_SEED ? { seed: Number(process.env.DELEGATION_SEED) } : {}),
      },
    );
    console.info(`delegation property: ${RUNS} actors, ${accepted} requests accepted, ${refused} refused`);
    // The generators reach both outcomes, or the property would prove little.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 600_000);
});
