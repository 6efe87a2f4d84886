import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema/index.ts';
import { byKey } from '../../lib/records.ts';
import { type AccountRow, accountFields } from '../access/repository.ts';

export type UserRow = typeof users.$inferSelect;

export const { find: findUser, findForUpdate: findUserForUpdate } = byKey(users, users.userId);

/** The account, with whether its organization is active (access/repository.ts `isActive`). */
export async function findAccount(db: Executor, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountFields()).from(users).where(eq(users.userId, userId)).limit(1);
  return row;
}

/** Sets or clears the user's second factor; not an edit of the user's record, so `updatedAt` stays. */
export async function setTotp(
  db: Executor,
  userId: string,
  values: { totpSecret: string | null; totpEnabledAt: Date | null; totpLastStep: number | null },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.userId, userId));
}

/**
 * Records `step` as the last accepted TOTP step, only if it is later than the one recorded:
 * false when a code of that step (or a later one) was already used, i.e. a replay. One
 * statement, so two requests with the same code cannot both pass.
 */
export async function advanceTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.userId, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0)
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is none (wrong, or already used). */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.codeId });
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
