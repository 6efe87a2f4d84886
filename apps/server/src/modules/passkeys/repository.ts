import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passkeyCeremonies, passkeys, users } from '../../db/schema/index.ts';
import { type AccountRow, accountFields } from '../access/repository.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type CeremonyRow = typeof passkeyCeremonies.$inferSelect;
export type CeremonyPurpose = 'register' | 'sign-in' | 'proof';

export async function listOwn(db: Executor, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.passkeyId));
}

export async function countOwn(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** The user's passkey by its id; another user's is none. */
export async function findOwn(
  db: Executor,
  userId: string,
  passkeyId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.passkeyId, passkeyId), eq(passkeys.userId, userId)))
    .limit(1);
  return row;
}

/** A passkey by its WebAuthn credential id, with its account as sign-in checks it. */
export async function findByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<{ passkey: PasskeyRow; user: AccountRow } | undefined> {
  const [row] = await db
    .select({ passkey: passkeys, user: accountFields() })
    .from(passkeys)
    .innerJoin(users, eq(users.userId, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row;
}

export async function insertPasskey(
  db: Executor,
  values: typeof passkeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

export async function renamePasskey(
  db: Executor,
  userId: string,
  passkeyId: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.passkeyId, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Executor, userId: string, passkeyId: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.passkeyId, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.passkeyId });
  return rows.length === 1;
}

/**
 * Records a use with the authenticator's new signature counter, only if it moved forward (or
 * both it and the stored one are 0: an authenticator that keeps no counter). False for a
 * counter at or behind the stored one, which a cloned authenticator shows. One statement, so
 * two sign-ins with the same counter value cannot both pass.
 */
export async function advanceCounter(db: Executor, passkeyId: string, counter: number): Promise<boolean> {
  const forward = counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter);
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.passkeyId, passkeyId), forward))
    .returning({ id: passkeys.passkeyId });
  return rows.length === 1;
}

export async function insertCeremony(
  db: Executor,
  values: typeof passkeyCeremonies.$inferInsert,
): Promise<void> {
  await db.insert(passkeyCeremonies).values(values);
}

/**
 * Takes the live ceremony of that hash and purpose: deleted as it is read, so it answers once,
 * whatever the outcome.
 */
export async function takeCeremony(
  db: Executor,
  ceremonyHash: string,
  purpose: CeremonyPurpose,
): Promise<CeremonyRow | undefined> {
  const [row] = await db
    .delete(passkeyCeremonies)
    .where(
      and(
        eq(passkeyCeremonies.ceremonyHash, ceremonyHash),
        eq(passkeyCeremonies.purpose, purpose),
        gt(passkeyCeremonies.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function deleteExpiredCeremonies(db: Executor): Promise<void> {
  await db.delete(passkeyCeremonies).where(lt(passkeyCeremonies.expiresAt, sql`now()`));
}
