import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { byKey } from '../../lib/records.ts';
import type { SessionRow, UserRow } from '../../lib/session-repository.ts';

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export const { find: findUser, update: updateUser } = byKey(users, users.userId);

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
