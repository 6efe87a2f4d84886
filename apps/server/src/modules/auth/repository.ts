import type { Action } from '@gatehouse/contract';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rolePermissions, roles, sessions, userRoles, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUserPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
  mustChangePassword: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword, updatedAt: sql`now()` })
    .where(eq(users.userId, userId));
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
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

export async function touchSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.sessionId, sessionId));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.sessionId, sessionId))
    .returning({ id: sessions.sessionId });
  return rows.length;
}

/** Ends every session of the user except `keepSessionId`. */
export async function deleteOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.sessionId, keepSessionId)))
    .returning({ id: sessions.sessionId });
  return rows.length;
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
