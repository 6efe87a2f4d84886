import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationClients, applications, personalAccessTokens, users } from '../../db/schema/index.ts';
import { type AccountRow, accountFields, activeUser } from '../access/repository.ts';

/** The SQL of machine access: personal access tokens and the users of service accounts. */

export type PatRow = typeof personalAccessTokens.$inferSelect;

/** Last use is written when the stored one is older than this, as with client secrets. */
const TOUCH_AFTER = sql`interval '1 minute'`;

// ---- service accounts --------------------------------------------------------------------

/**
 * The service account a client-credentials token of `clientId` acts as: only while the
 * client is confidential and enabled, its application enabled, and the account active.
 */
export async function findServiceAccountCaller(
  db: Executor,
  clientId: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountFields())
    .from(users)
    .innerJoin(applicationClients, eq(applicationClients.acId, users.serviceAccountOf))
    .innerJoin(applications, eq(applications.applicationId, applicationClients.applicationId))
    .where(
      and(
        eq(applicationClients.client, clientId),
        eq(applicationClients.status, 'ENABLED'),
        eq(applicationClients.clientType, 'CONFIDENTIAL'),
        eq(applications.status, 'ENABLED'),
        activeUser(),
      ),
    )
    .limit(1);
  return row;
}

/** The user of the client's service account, enabled or not; undefined when it never had one. */
export async function findServiceAccountUser(db: Executor, acId: string) {
  const [row] = await db
    .select({ userId: users.userId, username: users.username, status: users.status })
    .from(users)
    .where(eq(users.serviceAccountOf, acId))
    .limit(1);
  return row;
}

export async function insertServiceAccountUser(
  db: Executor,
  values: { acId: string; username: string; name: string; passwordHash: string },
) {
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      name: values.name,
      passwordHash: values.passwordHash,
      passwordSet: false,
      serviceAccountOf: values.acId,
    })
    .returning({ userId: users.userId, username: users.username, status: users.status });
  return row!;
}

export async function setUserStatus(db: Executor, userId: string, status: 'ENABLED' | 'DISABLED') {
  await db.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.userId, userId));
}

// ---- personal access tokens ----------------------------------------------------------------

export async function insertToken(
  db: Executor,
  values: typeof personalAccessTokens.$inferInsert,
): Promise<PatRow> {
  const [row] = await db.insert(personalAccessTokens).values(values).returning();
  return row!;
}

/** The user's tokens, newest first; expired ones stay listed until their expiry job removes them. */
export function tokensOf(db: Executor, userId: string): Promise<PatRow[]> {
  return db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.tokenId));
}

export async function countTokens(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId));
  return row?.n ?? 0;
}

/** The unexpired token of `tokenHash` with its owner, while the owner is active. */
export async function findLiveToken(
  db: Executor,
  tokenHash: string,
): Promise<{ token: PatRow; user: AccountRow } | undefined> {
  const [row] = await db
    .select({ token: personalAccessTokens, user: accountFields() })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.userId, personalAccessTokens.userId))
    .where(
      and(
        eq(personalAccessTokens.tokenHash, tokenHash),
        gt(personalAccessTokens.expiresAt, sql`now()`),
        activeUser(),
      ),
    )
    .limit(1);
  return row;
}

/** Records a use, unless one was recorded within the last minute. */
export async function touchToken(db: Executor, tokenId: string): Promise<void> {
  await db
    .update(personalAccessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(personalAccessTokens.tokenId, tokenId),
        or(
          isNull(personalAccessTokens.lastUsedAt),
          lte(personalAccessTokens.lastUsedAt, sql`now() - ${TOUCH_AFTER}`),
        ),
      ),
    );
}

/** Deletes the user's token; the deleted row, or undefined when the user holds no such token. */
export async function deleteToken(
  db: Executor,
  userId: string,
  tokenId: string,
): Promise<PatRow | undefined> {
  const [row] = await db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.tokenId, tokenId), eq(personalAccessTokens.userId, userId)))
    .returning();
  return row;
}

/** Deletes the token once its expiry has come; the deleted row, or undefined (revoked before). */
export async function deleteExpiredToken(db: Executor, tokenId: string): Promise<PatRow | undefined> {
  const [row] = await db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.tokenId, tokenId), lte(personalAccessTokens.expiresAt, sql`now()`)))
    .returning();
  return row;
}
