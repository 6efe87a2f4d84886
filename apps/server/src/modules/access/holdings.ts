import type { Action } from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, unionScopes } from '../../lib/app-scope.ts';
import type { AuthState, PlatformGrant } from '../../lib/auth-state.ts';
import { type GrantRow, GrantSet, type Holdings } from './grant-set.ts';
import * as repo from './repository.ts';

/**
 * The one answer to "what does this principal hold": every right a user has comes from the
 * roles they hold (their own, and their groups'), and from the access-control entries that
 * name them, their groups or their roles. `holdingsOfUsers` reads what takes effect now;
 * the footprints read everything assigned whatever its status, what a principal may come
 * to hold once something is enabled again, which is what delegation compares.
 */

type Acl = Awaited<ReturnType<typeof repo.grantsOfAclSubjects>>;

/** The rows of each key, from (key, row) pairs. */
function byKey<K extends string>(
  pairs: Iterable<{ row: GrantRow } & Record<K, string>>,
  key: K,
): Map<string, GrantRow[]> {
  const out = new Map<string, GrantRow[]>();
  for (const pair of pairs) {
    const list = out.get(pair[key]);
    if (list) list.push(pair.row);
    else out.set(pair[key], [pair.row]);
  }
  return out;
}

function aclOf(acl: Acl, type: repo.AclSubjectType, id: string): GrantRow[] {
  return acl.filter((e) => e.subjectType === type && e.subjectId === id).map((e) => e.row);
}

const unique = (ids: Iterable<string>) => [...new Set(ids)];

/** Per holder: whether a built-in role is among its roles, and what those roles grant. */
async function throughRoles(db: Executor, held: repo.HeldRole[], live: boolean) {
  const roleIds = unique(held.map((h) => h.roleId));
  const rows = byKey(await repo.grantsOfRoles(db, roleIds, live), 'roleId');
  const out = new Map<string, { administrator: boolean; roleIds: Set<string>; grants: GrantSet }>();
  for (const h of held) {
    const entry = out.get(h.holderId) ?? { administrator: false, roleIds: new Set(), grants: new GrantSet() };
    entry.administrator ||= h.builtin;
    if (!entry.roleIds.has(h.roleId)) for (const row of rows.get(h.roleId) ?? []) entry.grants.add(row);
    entry.roleIds.add(h.roleId);
    out.set(h.holderId, entry);
  }
  return { out, roleIds };
}

/** Users' holdings or footprints, as the module comment says. */
async function ofUsers(
  db: Executor,
  userIds: readonly string[],
  live: boolean,
): Promise<Map<string, Holdings>> {
  const ids = unique(userIds);
  const { out: viaRoles, roleIds } = await throughRoles(db, await repo.rolesOfUsers(db, ids, live), live);
  const memberships = await repo.groupsOfUsers(db, ids, live);
  const acl = await repo.grantsOfAclSubjects(
    db,
    { users: ids, groups: unique(memberships.map((m) => m.groupId)), roles: roleIds },
    live,
  );
  const enabled = live ? await repo.userStatuses(db, ids) : undefined;
  const result = new Map<string, Holdings>();
  for (const userId of ids) {
    if (enabled && !enabled.get(userId)) {
      result.set(userId, { administrator: false, grants: new GrantSet() });
      continue;
    }
    const roles = viaRoles.get(userId);
    const grants = roles?.grants ?? new GrantSet();
    for (const row of aclOf(acl, 'USER', userId)) grants.add(row);
    for (const m of memberships)
      if (m.userId === userId) for (const row of aclOf(acl, 'GROUP', m.groupId)) grants.add(row);
    for (const roleId of roles?.roleIds ?? []) for (const row of aclOf(acl, 'ROLE', roleId)) grants.add(row);
    result.set(userId, { administrator: roles?.administrator ?? false, grants });
  }
  return result;
}

/** What each user holds now: nothing while disabled. */
export function holdingsOfUsers(db: Executor, userIds: readonly string[]): Promise<Map<string, Holdings>> {
  return ofUsers(db, userIds, true);
}

export async function holdingsOf(db: Executor, userId: string): Promise<Holdings> {
  return (await holdingsOfUsers(db, [userId])).get(userId)!;
}

/** What each user may come to hold: every role and entry assigned to them, their groups or their roles. */
export function footprintsOfUsers(db: Executor, userIds: readonly string[]): Promise<Map<string, Holdings>> {
  return ofUsers(db, userIds, false);
}

/** What each group gives its members: its roles' grants and the entries naming it or those roles. */
export async function footprintsOfGroups(
  db: Executor,
  groupIds: readonly string[],
): Promise<Map<string, Holdings>> {
  const ids = unique(groupIds);
  const { out: viaRoles, roleIds } = await throughRoles(db, await repo.rolesOfGroups(db, ids), false);
  const acl = await repo.grantsOfAclSubjects(db, { groups: ids, roles: roleIds }, false);
  const result = new Map<string, Holdings>();
  for (const groupId of ids) {
    const roles = viaRoles.get(groupId);
    const grants = roles?.grants ?? new GrantSet();
    for (const row of aclOf(acl, 'GROUP', groupId)) grants.add(row);
    for (const roleId of roles?.roleIds ?? []) for (const row of aclOf(acl, 'ROLE', roleId)) grants.add(row);
    result.set(groupId, { administrator: roles?.administrator ?? false, grants });
  }
  return result;
}

/** What each role gives its holders: its grants and the entries naming it. */
export async function footprintsOfRoles(
  db: Executor,
  roleIds: readonly string[],
): Promise<Map<string, Holdings>> {
  const ids = unique(roleIds);
  const builtin = await repo.builtinAmong(db, ids);
  const rows = byKey(await repo.grantsOfRoles(db, ids, false), 'roleId');
  const acl = await repo.grantsOfAclSubjects(db, { roles: ids }, false);
  return new Map(
    ids.map((roleId) => [
      roleId,
      {
        administrator: builtin.has(roleId),
        grants: GrantSet.of([...(rows.get(roleId) ?? []), ...aclOf(acl, 'ROLE', roleId)]),
      },
    ]),
  );
}

/**
 * What a signed-in caller holds on the platform, as every request's guard reads it: the
 * enabled roles they hold (directly, or through enabled groups), whether one is the built-in
 * one, and each console area's actions with the applications they reach, merged over those
 * roles. One prepared statement: the session resolver reads it per session, not per request.
 */
export async function callerGrants(
  db: Database,
  userId: string,
): Promise<
  Pick<AuthState, 'isAdministrator' | 'grants' | 'roleIds' | 'roleNames'> & { roleRequiresTwoFactor: boolean }
> {
  const grants = new Map<string, PlatformGrant>();
  const roleIds: string[] = [];
  const roleNames: string[] = [];
  let isAdministrator = false;
  let roleRequiresTwoFactor = false;
  for (const row of await repo.platformGrantRows(db, userId)) {
    if (!roleIds.includes(row.roleId)) {
      roleIds.push(row.roleId);
      roleNames.push(row.name);
      isAdministrator ||= row.builtin;
      roleRequiresTwoFactor ||= row.requireTwoFactor;
    }
    if (row.permissionId === null) continue;
    const grant = grants.get(row.permissionId) ?? new Map<Action, AppScope>();
    const scope: AppScope = row.applicationIds === null ? 'all' : new Set(row.applicationIds);
    for (const action of row.actions ?? []) grant.set(action, unionScopes(grant.get(action) ?? null, scope));
    grants.set(row.permissionId, grant);
  }
  return { isAdministrator, grants, roleIds, roleNames, roleRequiresTwoFactor };
}
