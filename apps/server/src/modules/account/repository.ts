import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { SessionRow, UserRow } from '../sessions/repository.ts';

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

export async function updateProfile(
  tx: Executor,
  userId: string,
  values: { name: string; email: string; avatar: string | null; emailVerified: boolean },
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.userId, userId))
    .returning();
  return row!;
}

/** The user's sessions that have not expired, the most recently used first. */
export async function liveSessions(db: Executor, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of the user; 0 when it is not theirs (or gone). */
export async function endSession(tx: Executor, userId: string, sessionId: string): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.sessionId, sessionId)))
    .returning({ id: sessions.sessionId });
  return rows.length;
}
