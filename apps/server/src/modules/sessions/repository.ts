import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { type AccountRow, accountFields, activeUser } from '../access/repository.ts';

/**
 * The queries that tell who calls: a user by name at sign-in and a session by its token (what
 * they hold is the access module's). Those a sign-in runs are prepared (db/prepared.ts).
 */

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

const userByUsernameStatement = preparedPer((db) =>
  db
    .select(accountFields())
    .from(users)
    // A service account (modules/machine-access) never signs in: no sign-in finds it.
    .where(
      and(eq(sql`lower(${users.username})`, sql.placeholder('username')), isNull(users.serviceAccountOf)),
    )
    .limit(1)
    .prepare('user_by_username'),
);

/** Without regard to case, through `users_username_lower_key`, as usernames are unique so; never a service account. */
export async function findUserByUsername(db: Database, username: string): Promise<AccountRow | undefined> {
  const [row] = await userByUsernameStatement(db).execute({ username: username.toLowerCase() });
  return row;
}

/** A live session and its user; expired sessions and users not active (access/repository.ts) find nothing. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), activeUser()))
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
