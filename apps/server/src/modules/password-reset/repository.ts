import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
import { type AccountRow, accountFields, activeUser } from '../access/repository.ts';
import type { UserRow } from '../sessions/repository.ts';

/** The active accounts a /forget identifier names: by username, or by email address, without regard to case. */
export async function enabledAccountsNamed(db: Executor, account: string): Promise<UserRow[]> {
  const lower = account.toLowerCase();
  return db
    .select()
    .from(users)
    .where(
      and(activeUser(), or(eq(sql`lower(${users.username})`, lower), eq(sql`lower(${users.email})`, lower))),
    )
    .limit(10);
}

export async function insertToken(
  db: Executor,
  values: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export type TokenRow = typeof passwordResetTokens.$inferSelect;

export async function findToken(db: Executor, tokenHash: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Spends the token: true when this call did, false when it was used or expired meanwhile.
 * One statement, so two requests with the same link cannot both pass.
 */
export async function spendToken(tx: Executor, tokenHash: string): Promise<boolean> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return rows.length === 1;
}

/** A reset spends every other open link of the user too. */
export async function spendOpenTokens(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Ends the user's unused, unexpired links now (a link then says it has expired); how many.
 * For a new email address: the links went to the old one.
 */
export async function expireOpenTokens(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ expiresAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ tokenHash: passwordResetTokens.tokenHash });
  return rows.length;
}

/** The account, with whether its organization is active (access/repository.ts `isActive`). */
export async function findUser(db: Executor, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountFields()).from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

export async function endAllSessions(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.sessionId });
  return rows.length;
}
