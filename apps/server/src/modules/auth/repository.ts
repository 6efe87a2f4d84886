import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { byKey } from '../../lib/records.ts';
import type { SessionRow, UserRow } from '../../lib/session-repository.ts';

/** By username without regard to case, through `users_username_lower_key`. */
export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

/** Stamps the sign-in time; not an edit of the user, so `updatedAt` stays. */
export async function recordSignIn(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.userId, userId));
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
