import type { Action } from '@gatehouse/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rolePermissions, roles, sessions, userRoles, users } from '../db/schema/index.ts';

/** The queries that tell who calls: a session by its token, and the user's roles and grants. */

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

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

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.sessionId, sessionId));
}

export type RoleGrant = {
  roleId: string;
  name: string;
  permissionId: string | null;
  actions: Action[] | null;
};

/** The user's roles with their permissions, one row per (role, permission). */
export async function findRoleGrants(db: Executor, userId: string): Promise<RoleGrant[]> {
  return db
    .select({
      roleId: roles.roleId,
      name: roles.name,
      permissionId: rolePermissions.permissionId,
      actions: rolePermissions.actions,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.roleId, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.name, rolePermissions.permissionId);
}
