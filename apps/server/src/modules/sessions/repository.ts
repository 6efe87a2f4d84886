import { type Action, PLATFORM_APP_ID } from '@gatehouse/contract';
import { and, eq, gt, inArray, or, type Placeholder, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import {
  groupMembers,
  groupRoles,
  groups,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema/index.ts';

/**
 * The queries that tell who calls: a user by name at sign-in, a session by its token, and
 * the user's roles and grants. Those a sign-in runs are prepared (db/prepared.ts).
 */

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

const userByUsernameStatement = preparedPer((db) =>
  db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, sql.placeholder('username')))
    .limit(1)
    .prepare('user_by_username'),
);

/** Without regard to case, through `users_username_lower_key`, as usernames are unique so. */
export async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [row] = await userByUsernameStatement(db).execute({ username: username.toLowerCase() });
  return row;
}

/** A live session and its user; expired sessions and disabled users find nothing. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), eq(users.status, 'ENABLED')),
    )
    .limit(1);
  return row;
}

/** When the session was last seen by any instance; undefined when it is gone. */
export async function findLastSeen(db: Executor, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.sessionId, sessionId))
    .limit(1);
  return row?.lastSeenAt;
}

/** Stamps a sign-in on the user, as a statement for `auditedStatement`; not an edit, so `updatedAt` stays. */
export function stampSignIn(db: Executor, userId: string) {
  return db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.userId, userId));
}

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.sessionId, sessionId));
}

export type RoleGrant = {
  roleId: string;
  name: string;
  builtin: boolean;
  permissionId: string | null;
  actions: Action[] | null;
  applicationIds: string[] | null;
};

/**
 * The ids of the roles a user holds: their own, and those of their enabled groups. Disabled
 * roles are left out by the caller.
 */
export function heldRoleIds(db: Executor, userId: string | Placeholder) {
  const own = db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const viaGroups = db
    .select({ roleId: groupRoles.roleId })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.groupId, groupMembers.groupId), eq(groups.status, 'ENABLED')))
    .innerJoin(groupRoles, eq(groupRoles.groupId, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
  return or(inArray(roles.roleId, own), inArray(roles.roleId, viaGroups));
}

const roleGrantsStatement = preparedPer((db) =>
  db
    .select({
      roleId: roles.roleId,
      name: roles.name,
      builtin: roles.builtin,
      permissionId: rolePermissions.permissionId,
      actions: rolePermissions.actions,
      applicationIds: rolePermissions.applicationIds,
    })
    .from(roles)
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, roles.roleId), eq(rolePermissions.applicationId, PLATFORM_APP_ID)),
    )
    .where(and(eq(roles.status, 'ENABLED'), heldRoleIds(db, sql.placeholder('userId'))))
    .orderBy(roles.name, roles.roleId, rolePermissions.permissionId)
    .prepare('role_grants'),
);

/**
 * The user's effective grants in one statement: each enabled role they hold, directly or
 * through an enabled group, with its platform permissions, one row per (role, permission).
 */
export async function findRoleGrants(db: Database, userId: string): Promise<RoleGrant[]> {
  return roleGrantsStatement(db).execute({ userId });
}
