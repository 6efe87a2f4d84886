import { IDENTITY_MESSAGES, type Message } from '@gatehouse/contract';
import type { Executor } from '../../db/client.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { forbidden } from '../../lib/errors.ts';
import {
  consoleRights,
  describe,
  type GrantSet,
  type Holdings,
  liesWithin,
  narrowedTo,
  notHeld,
} from './grant-set.ts';
import { footprintsOfGroups, footprintsOfRoles, footprintsOfUsers, holdingsOf } from './holdings.ts';
import * as repo from './repository.ts';

/**
 * Delegation that cannot escalate. One rule, in three parts, that every change to users,
 * groups, roles, grants and access-control entries goes through:
 *
 *  1. Nothing can be given that the acting user does not hold, at least as widely: a console
 *     area with each action for at least the same applications, another application's
 *     permission with each action, a resource. Handing out a role or a group gives what it
 *     grants, whatever its status (enabling it later gives it then).
 *  2. A manager whose grant is limited to some applications acts only on roles whose grants
 *     lie wholly within them, and on users and groups whose every role (and every entry
 *     naming them) does.
 *  3. Only an administrator changes an administrator, and an account whose console rights
 *     reach beyond the acting user's is changed only by someone who holds them too: taking
 *     over an account (its email, password, sessions) must not be a way to gain its rights.
 *
 * Nobody widens the grants of a role they hold. The administrator holds everything, so
 * nothing of this refuses them but the rules on themselves elsewhere (`administration.ts`).
 */

/** Who acts, with what they hold now, read in the transaction of the change. */
export type Actor = { userId: string; holdings: Holdings };

export async function actorOf(db: Executor, ctx: AuditContext): Promise<Actor> {
  if (ctx.actorId === null) throw forbidden();
  const holdings = await holdingsOf(db, ctx.actorId);
  // A personal access token acts with what its owner holds within its scope, no more.
  return { userId: ctx.actorId, holdings: ctx.limitedTo ? narrowedTo(holdings, ctx.limitedTo) : holdings };
}

/** 403 unless the actor holds all of `wanted`; the message names what they lack. */
export function assertHolds(actor: Actor, wanted: GrantSet): void {
  const missing = notHeld(actor.holdings, wanted);
  if (!missing.isEmpty) throw forbidden(IDENTITY_MESSAGES.notHeld(describe(missing)));
}

/** Why the actor may not hand out a role with this footprint, or null when they may. */
function assignRefusal(actor: Actor, role: Holdings, scope: AppScope): Message | null {
  if (role.administrator) return actor.holdings.administrator ? null : IDENTITY_MESSAGES.administratorOnly;
  if (!liesWithin(role.grants, scope)) return IDENTITY_MESSAGES.outsideScope('role');
  const missing = notHeld(actor.holdings, role.grants);
  return missing.isEmpty ? null : IDENTITY_MESSAGES.notHeld(describe(missing));
}

/** Why the actor may not change an account with this footprint, or null when they may. */
function userRefusal(actor: Actor, user: Holdings, scope: AppScope): Message | null {
  if (actor.holdings.administrator) return null;
  if (user.administrator) return IDENTITY_MESSAGES.administratorOnly;
  if (!liesWithin(user.grants, scope)) return IDENTITY_MESSAGES.outsideScope('user');
  const beyond = notHeld(actor.holdings, consoleRights(user.grants));
  return beyond.isEmpty ? null : IDENTITY_MESSAGES.moreConsoleRights(describe(beyond));
}

/**
 * Why the actor may not change a role or a group with this footprint, or null when they may:
 * what gives the built-in role is an administrator's to change.
 */
function withinRefusal(actor: Actor, footprint: Holdings, scope: AppScope, noun: 'role' | 'group') {
  if (footprint.administrator && !actor.holdings.administrator) return IDENTITY_MESSAGES.administratorOnly;
  return liesWithin(footprint.grants, scope) ? null : IDENTITY_MESSAGES.outsideScope(noun);
}

type Refusal = (footprint: Holdings) => Message | null;

/** The ids whose footprint passes; and the first refusal, to throw. */
function judge(footprints: Map<string, Holdings>, refusal: Refusal) {
  const allowed = new Set<string>();
  let first: Message | null = null;
  for (const [id, footprint] of footprints) {
    const why = refusal(footprint);
    if (why === null) allowed.add(id);
    else first ??= why;
  }
  return { allowed, first };
}

function assertNone(first: Message | null): void {
  if (first !== null) throw forbidden(first);
}

/** The roles the actor may hand out (to a user or a group) within `scope`. */
export async function assignableRoles(
  db: Executor,
  actor: Actor,
  roleIds: readonly string[],
  scope: AppScope,
): Promise<Set<string>> {
  return judge(await footprintsOfRoles(db, roleIds), (r) => assignRefusal(actor, r, scope)).allowed;
}

/** 403 unless the actor may hand out every one of these roles. */
export async function assertMayAssignRoles(
  db: Executor,
  actor: Actor,
  roleIds: readonly string[],
  scope: AppScope,
): Promise<void> {
  assertNone(judge(await footprintsOfRoles(db, roleIds), (r) => assignRefusal(actor, r, scope)).first);
}

/** The groups the actor may add a member to within `scope`: the member gains the group's roles. */
export async function assignableGroups(
  db: Executor,
  actor: Actor,
  groupIds: readonly string[],
  scope: AppScope,
): Promise<Set<string>> {
  return judge(await footprintsOfGroups(db, groupIds), (g) => assignRefusal(actor, g, scope)).allowed;
}

/** 403 unless the actor may hand out the roles of every one of these groups (adding a member). */
export async function assertMayAssignGroups(
  db: Executor,
  actor: Actor,
  groupIds: readonly string[],
  scope: AppScope,
): Promise<void> {
  assertNone(judge(await footprintsOfGroups(db, groupIds), (g) => assignRefusal(actor, g, scope)).first);
}

/** The roles whose name, status or grants the actor may change within `scope`. */
export async function manageableRoles(
  db: Executor,
  actor: Actor,
  roleIds: readonly string[],
  scope: AppScope,
): Promise<Set<string>> {
  return judge(await footprintsOfRoles(db, roleIds), (r) => withinRefusal(actor, r, scope, 'role')).allowed;
}

export async function assertMayChangeRoles(
  db: Executor,
  actor: Actor,
  roleIds: readonly string[],
  scope: AppScope,
): Promise<void> {
  assertNone(
    judge(await footprintsOfRoles(db, roleIds), (r) => withinRefusal(actor, r, scope, 'role')).first,
  );
}

/**
 * The groups the actor may change within `scope`: a group lying within it, and, since the
 * group's roles and status are its members' roles, none with an administrator among its
 * members unless the actor is one.
 */
export async function manageableGroups(
  db: Executor,
  actor: Actor,
  groupIds: readonly string[],
  scope: AppScope,
): Promise<Set<string>> {
  const { allowed } = judge(await footprintsOfGroups(db, groupIds), (g) =>
    withinRefusal(actor, g, scope, 'group'),
  );
  if (actor.holdings.administrator) return allowed;
  const guarded = await repo.groupsWithAdministrators(db, [...allowed]);
  return new Set([...allowed].filter((id) => !guarded.has(id)));
}

/** 403 unless the actor may change the group itself: its name, status, roles and deletion. */
export async function assertMayChangeGroups(
  db: Executor,
  actor: Actor,
  groupIds: readonly string[],
  scope: AppScope,
): Promise<void> {
  assertNone(
    judge(await footprintsOfGroups(db, groupIds), (g) => withinRefusal(actor, g, scope, 'group')).first,
  );
}

/**
 * 403 when one of the groups has an administrator among its members and the actor is not
 * one: the group's roles and status are that administrator's roles.
 */
export async function assertNoAdministratorMembers(
  db: Executor,
  actor: Actor,
  groupIds: readonly string[],
): Promise<void> {
  if (actor.holdings.administrator) return;
  if ((await repo.groupsWithAdministrators(db, groupIds)).size > 0)
    throw forbidden(IDENTITY_MESSAGES.administratorOnly);
}

/** The accounts the actor may change within `scope`. */
export async function manageableUsers(
  db: Executor,
  actor: Actor,
  userIds: readonly string[],
  scope: AppScope,
): Promise<Set<string>> {
  return judge(await footprintsOfUsers(db, userIds), (u) => userRefusal(actor, u, scope)).allowed;
}

/** 403 unless the actor may change every one of these accounts (oneself included: same rules). */
export async function assertMayChangeUsers(
  db: Executor,
  actor: Actor,
  userIds: readonly string[],
  scope: AppScope,
): Promise<void> {
  assertNone(judge(await footprintsOfUsers(db, userIds), (u) => userRefusal(actor, u, scope)).first);
}

/** 403 when `change` adds anything to a role the actor holds, directly or through a group. */
export async function assertNotWideningOwnRole(
  db: Executor,
  actor: Actor,
  roleId: string,
  change: GrantSet,
): Promise<void> {
  if (actor.holdings.administrator || change.isEmpty) return;
  const holders = await repo.holdersOfRoles(db, [roleId]);
  if (holders.some((h) => h.userId === actor.userId)) throw forbidden(IDENTITY_MESSAGES.ownRole);
}
