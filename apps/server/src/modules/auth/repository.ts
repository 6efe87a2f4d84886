import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { byKey } from '../../lib/records.ts';

export const { find: findUser, update: updateUser } = byKey(users, users.userId);

/** A new session, as a statement for `auditedStatement`; its id is chosen by the caller, for the record. */
export function newSession(db: Executor, values: typeof sessions.$inferInsert & { sessionId: string }) {
  return db.insert(sessions).values(values);
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
