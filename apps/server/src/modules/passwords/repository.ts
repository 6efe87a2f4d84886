import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordHistory, users } from '../../db/schema/index.ts';

/**
 * The password of an account and its history, for every path that sets one (own change,
 * reset link, an administrator's create and reset). The history holds the hash of each
 * password set, newest first; only the last `keep` are kept.
 */

/** The hashes of the user's last `count` passwords, newest first. */
export async function recentPasswordHashes(db: Executor, userId: string, count: number): Promise<string[]> {
  const rows = await db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.historyId))
    .limit(count);
  return rows.map((r) => r.passwordHash);
}

/**
 * Sets the user's password: the hash, `password_changed_at` now, the first-login flag, and
 * a history row; history beyond the newest `keep` rows is deleted.
 */
export async function storePassword(
  tx: Executor,
  userId: string,
  passwordHash: string,
  options: { mustChangePassword: boolean; keep: number },
): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      mustChangePassword: options.mustChangePassword,
      passwordSet: true,
    })
    .where(eq(users.userId, userId));
  await recordPasswordHistory(tx, userId, passwordHash, options.keep);
}

/**
 * Replaces the stored hash of the user's password by `to`, a hash of the same password, if
 * the stored one is still `from`: a password changed in between stays. Neither the
 * password's date nor its history changes. Whether it was replaced.
 */
export async function replacePasswordHash(
  tx: Executor,
  userId: string,
  from: string,
  to: string,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ passwordHash: to })
    .where(and(eq(users.userId, userId), eq(users.passwordHash, from)))
    .returning({ userId: users.userId });
  return rows.length > 0;
}

/** Adds a history row for a password just stored (a new user's, say), keeping the newest `keep`. */
export async function recordPasswordHistory(
  tx: Executor,
  userId: string,
  passwordHash: string,
  keep: number,
): Promise<void> {
  await tx.insert(passwordHistory).values({ userId, passwordHash });
  const kept = tx
    .select({ id: passwordHistory.historyId })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.historyId))
    .limit(keep);
  await tx
    .delete(passwordHistory)
    .where(sql`${passwordHistory.userId} = ${userId} and ${passwordHistory.historyId} not in (${kept})`);
}

/** Moves the password's date back so the maximum age has passed (an administrator's "expire now"). */
export async function expirePassword(tx: Executor, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(users)
    .set({ passwordChangedAt: new Date(0) })
    .where(inArray(users.userId, userIds));
}
