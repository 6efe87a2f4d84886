import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { SessionRow, UserRow } from '../../lib/session-repository.ts';

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row;
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
