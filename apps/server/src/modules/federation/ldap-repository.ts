import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { identityProviders, jobs, userIdentities } from '../../db/schema/index.ts';
import { enqueue } from '../../lib/jobs.ts';

/** The LDAP side's own SQL: the directories that govern a user's password, the sync's reads and writes. */

export type LdapProviderRow = typeof identityProviders.$inferSelect;

/** The queue of the scheduled directory sync; a job's payload is `{ providerId }`. */
export const LDAP_SYNC_QUEUE = 'federation.ldap.sync';

/** The enabled LDAP directories, oldest first: the order a name no local user has is asked in. */
export async function enabledLdapProviders(db: Executor): Promise<LdapProviderRow[]> {
  return db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.type, 'ldap'), eq(identityProviders.enabled, true)))
    .orderBy(asc(identityProviders.createdAt), asc(identityProviders.providerId));
}

/**
 * A user's identities at enabled LDAP directories, with each directory, oldest directory
 * first: where the user's password is checked instead of the local hash.
 */
export async function ldapIdentitiesOf(
  db: Executor,
  userId: string,
): Promise<{ subject: string; provider: LdapProviderRow }[]> {
  return db
    .select({ subject: userIdentities.subject, provider: identityProviders })
    .from(userIdentities)
    .innerJoin(identityProviders, eq(identityProviders.providerId, userIdentities.providerId))
    .where(
      and(
        eq(userIdentities.userId, userId),
        eq(identityProviders.type, 'ldap'),
        eq(identityProviders.enabled, true),
      ),
    )
    .orderBy(asc(identityProviders.createdAt), asc(identityProviders.providerId));
}

/** Which of `subjects` (the entry's UUID, its DN) an identity at the provider has, with its user. */
export async function linkedSubject(
  db: Executor,
  providerId: string,
  subjects: string[],
): Promise<{ subject: string; userId: string } | undefined> {
  const rows = await db
    .select({ subject: userIdentities.subject, userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.providerId, providerId), inArray(userIdentities.subject, subjects)));
  // The first of `subjects` wins: the lasting id before the DN.
  return subjects.map((s) => rows.find((r) => r.subject === s)).find((r) => r !== undefined);
}

/** Every identity at the provider (a sync compares them with the people it read). */
export async function identitiesAt(
  db: Executor,
  providerId: string,
): Promise<{ identityId: string; subject: string; userId: string }[]> {
  return db
    .select({
      identityId: userIdentities.identityId,
      subject: userIdentities.subject,
      userId: userIdentities.userId,
    })
    .from(userIdentities)
    .where(eq(userIdentities.providerId, providerId));
}

export async function findLdapProvider(
  db: Executor,
  providerId: string,
): Promise<LdapProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.providerId, providerId), eq(identityProviders.type, 'ldap')));
  return row;
}

export async function stampSync(db: Executor, providerId: string): Promise<void> {
  await db
    .update(identityProviders)
    .set({ lastSyncAt: sql`now()` })
    .where(eq(identityProviders.providerId, providerId));
}

/**
 * Enqueues the provider's sync unless one is already waiting or running: at `runAt` (now by
 * default). In the caller's transaction, as a provider's save makes it due.
 */
export async function scheduleSync(db: Executor, providerId: string, runAt?: Date): Promise<boolean> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, LDAP_SYNC_QUEUE), sql`${jobs.payload}->>'providerId' = ${providerId}`))
    .limit(1);
  if (pending) return false;
  await enqueue(db, LDAP_SYNC_QUEUE, { providerId }, runAt ? { runAt } : {});
  return true;
}

/**
 * Whether the provider has a sync job older than `jobId`: two instances that started together
 * may both have scheduled one; the younger then ends, and one chain of runs remains.
 */
export async function olderSyncJob(db: Executor, providerId: string, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, LDAP_SYNC_QUEUE),
        sql`${jobs.payload}->>'providerId' = ${providerId}`,
        sql`${jobs.id} < ${jobId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The enabled LDAP directories with a sync interval and no sync job: after a start, the ones to schedule. */
export async function unscheduledSyncs(
  db: Executor,
): Promise<{ providerId: string; lastSyncAt: Date | null; settings: unknown }[]> {
  return db
    .select({
      providerId: identityProviders.providerId,
      lastSyncAt: identityProviders.lastSyncAt,
      settings: identityProviders.settings,
    })
    .from(identityProviders)
    .leftJoin(
      jobs,
      and(
        eq(jobs.queue, LDAP_SYNC_QUEUE),
        sql`${jobs.payload}->>'providerId' = ${identityProviders.providerId}::text`,
      ),
    )
    .where(
      and(
        eq(identityProviders.type, 'ldap'),
        eq(identityProviders.enabled, true),
        sql`${identityProviders.settings}->'ldap'->>'syncIntervalMinutes' is not null`,
        isNull(jobs.id),
      ),
    );
}
