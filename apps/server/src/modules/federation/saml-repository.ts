import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { samlAssertionsSeen } from '../../db/schema/index.ts';

/**
 * Records that an assertion was consumed; false when it already was (a replay). The row is
 * kept until `expiresAt`, past which the assertion's own times refuse it anyway.
 */
export async function rememberAssertion(
  db: Database,
  providerId: string,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(samlAssertionsSeen)
    .values({ providerId, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ assertionId: samlAssertionsSeen.assertionId });
  return inserted.length === 1;
}

/** Deletes the assertion ids whose assertions can no longer be accepted; returns how many. */
export async function purgeExpiredAssertions(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(samlAssertionsSeen)
    .where(lt(samlAssertionsSeen.expiresAt, now))
    .returning({ assertionId: samlAssertionsSeen.assertionId });
  return deleted.length;
}
