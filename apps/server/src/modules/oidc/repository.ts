import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import {
  applicationClients,
  applications,
  clientSecrets,
  oidcPayloads,
  oidcSigningKeys,
  organizations,
  users,
} from '../../db/schema/index.ts';
import { enqueueAll } from '../../lib/jobs.ts';
import { type AccountRow, accountFields } from '../access/repository.ts';
import { type EndedArtefact, LOGOUT_QUEUE, type Logout, logoutsOf } from './logout-queue.ts';

export type PayloadRow = typeof oidcPayloads.$inferSelect;
export type SigningKeyRow = typeof oidcSigningKeys.$inferSelect;
export type UserRow = typeof users.$inferSelect;

// ---- oidc-provider artefacts -------------------------------------------------------------

const upsertStatement = preparedPer((db) =>
  db
    .insert(oidcPayloads)
    .values({
      model: sql.placeholder('model'),
      id: sql.placeholder('id'),
      payload: sql.placeholder('payload'),
      grantId: sql.placeholder('grantId'),
      userCode: sql.placeholder('userCode'),
      uid: sql.placeholder('uid'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: sql`excluded.payload`,
        grantId: sql`excluded.grant_id`,
        userCode: sql`excluded.user_code`,
        uid: sql`excluded.uid`,
        expiresAt: sql`excluded.expires_at`,
      },
    })
    .prepare('oidc_upsert_payload'),
);

/** Every token request writes one artefact, so this statement is prepared (db/prepared.ts). */
export async function upsertPayload(db: Database, row: typeof oidcPayloads.$inferInsert): Promise<void> {
  await upsertStatement(db).execute({
    model: row.model,
    id: row.id,
    payload: row.payload,
    grantId: row.grantId ?? null,
    userCode: row.userCode ?? null,
    uid: row.uid ?? null,
    expiresAt: row.expiresAt ?? null,
  });
}

/**
 * Several artefacts in one statement (adapter.ts gathers concurrent client-credentials tokens),
 * so one commit for all of them: each column's values as one array parameter, unnested, so
 * the statement is the same whatever the number of rows and is prepared once. The rows must
 * have distinct keys, as new tokens' random ids do.
 */
const upsertManyStatement = preparedPer((db) =>
  db
    .insert(oidcPayloads)
    .select(
      sql`select model, id, payload, grant_id, user_code, uid, expires_at, null::timestamptz
        from unnest(
          ${sql.placeholder('model')}::text[], ${sql.placeholder('id')}::text[],
          ${sql.placeholder('payload')}::jsonb[], ${sql.placeholder('grantId')}::text[],
          ${sql.placeholder('userCode')}::text[], ${sql.placeholder('uid')}::text[],
          ${sql.placeholder('expiresAt')}::timestamptz[]
        ) as rows(model, id, payload, grant_id, user_code, uid, expires_at)`,
    )
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: sql`excluded.payload`,
        grantId: sql`excluded.grant_id`,
        userCode: sql`excluded.user_code`,
        uid: sql`excluded.uid`,
        expiresAt: sql`excluded.expires_at`,
      },
    })
    .prepare('oidc_upsert_payloads'),
);

export async function upsertPayloads(
  db: Database,
  rows: (typeof oidcPayloads.$inferInsert)[],
): Promise<void> {
  await upsertManyStatement(db).execute({
    model: rows.map((r) => r.model),
    id: rows.map((r) => r.id),
    payload: rows.map((r) => JSON.stringify(r.payload)),
    grantId: rows.map((r) => r.grantId ?? null),
    userCode: rows.map((r) => r.userCode ?? null),
    uid: rows.map((r) => r.uid ?? null),
    expiresAt: rows.map((r) => r.expiresAt?.toISOString() ?? null),
  });
}

const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

const findStatement = preparedPer((db) =>
  db
    .select()
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, sql.placeholder('model')),
        eq(oidcPayloads.id, sql.placeholder('id')),
        live(),
      ),
    )
    .prepare('oidc_find_payload'),
);

export async function findPayload(db: Database, model: string, id: string): Promise<PayloadRow | undefined> {
  const [row] = await findStatement(db).execute({ model, id });
  return row;
}

export async function findPayloadBy(
  db: Executor,
  model: string,
  column: 'uid' | 'userCode',
  value: string,
): Promise<PayloadRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads[column], value), live()))
    .limit(1);
  return row;
}

export async function deletePayload(db: Executor, model: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

/** Marks an artefact spent; false when it was spent already (or is gone), so a race has one winner. */
export async function consumePayload(db: Executor, model: string, id: string): Promise<boolean> {
  const rows = await db
    .update(oidcPayloads)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id), isNull(oidcPayloads.consumedAt)))
    .returning({ id: oidcPayloads.id });
  return rows.length > 0;
}

/**
 * The grant and every artefact of it, in any model: a revoked grant leaves no token behind,
 * and a token saved after this (by a request that raced the revocation) names a grant that
 * is gone, which the provider treats as inactive. `grantKey` is the grant's own row id, the
 * stored (hashed) form of `grantId`.
 */
export async function deleteGrant(db: Executor, grantId: string, grantKey: string): Promise<void> {
  await db
    .delete(oidcPayloads)
    .where(
      or(
        eq(oidcPayloads.grantId, grantId),
        and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantKey)),
      ),
    );
}

/** Accounts per statement in `endOidcAccess`: a statement takes at most 65,535 parameters. */
const END_ACCESS_BATCH = 1000;

/**
 * Ends the OIDC access of these accounts, inside the caller's transaction: their provider
 * sessions (a browser's next authorization request, `prompt=none` too, must sign in again),
 * their grants (consent is asked again), and their codes, tokens and interactions. Every
 * artefact issued under a grant names the grant's account (`account_id`), so one delete by
 * account takes them all. A refresh token is then `invalid_grant`, an access token inactive
 * at userinfo, at introspection and on the routes that accept one. The provider keeps none of
 * this in memory: each request reads it through the adapter.
 *
 * Each client that had one of the ended sessions or grants and registered a back-channel
 * logout URI gets a logout token: its job is written here, so it goes only if the change
 * commits (logout-queue.ts).
 *
 * A token that a request in flight saves afterwards names a grant that is gone, which the
 * provider treats as inactive. Answers how many provider sessions and grants ended, for the
 * change's audit record: not the tokens, codes and interactions that went with them, nor
 * expired rows the purge had not reached yet (deleted all the same).
 */
export async function endOidcAccess(tx: Executor, userIds: string[]): Promise<number> {
  const ended: EndedArtefact[] = [];
  for (let i = 0; i < userIds.length; i += END_ACCESS_BATCH) {
    const gone = tx.$with('gone').as(
      tx
        .delete(oidcPayloads)
        .where(inArray(oidcPayloads.accountId, userIds.slice(i, i + END_ACCESS_BATCH)))
        .returning({
          model: oidcPayloads.model,
          payload: oidcPayloads.payload,
          live: sql<boolean>`${live()}`.as('live'),
        }),
    );
    ended.push(
      ...(await tx
        .with(gone)
        .select({ model: gone.model, payload: gone.payload })
        .from(gone)
        .where(and(sql`${gone.live}`, inArray(gone.model, ['Session', 'Grant'])))),
    );
  }
  await queueLogouts(tx, logoutsOf(ended));
  return ended.length;
}

/**
 * Writes the jobs of these logouts in `tx`: those to clients that are enabled and registered
 * a back-channel logout URI. The sender checks the client again when it sends.
 */
export async function queueLogouts(tx: Executor, logouts: Logout[]): Promise<void> {
  if (logouts.length === 0) return;
  const listening = new Set(
    (
      await tx
        .select({ client: applicationClients.client })
        .from(applicationClients)
        .where(
          and(
            inArray(applicationClients.client, [...new Set(logouts.map((l) => l.clientId))]),
            isNotNull(applicationClients.backchannelLogoutUri),
            eq(applicationClients.status, 'ENABLED'),
          ),
        )
    ).map((row) => row.client),
  );
  await enqueueAll(
    tx,
    LOGOUT_QUEUE,
    logouts.filter((l) => listening.has(l.clientId)),
  );
}

export async function deleteExpiredPayloads(db: Executor): Promise<number> {
  const gone = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return gone.length;
}

// ---- signing keys ---------------------------------------------------------------------------

/** The keys still published, the signing one (newest unretired) first. */
export async function findPublishedKeys(db: Executor): Promise<SigningKeyRow[]> {
  return db
    .select()
    .from(oidcSigningKeys)
    .where(or(isNull(oidcSigningKeys.publishedUntil), gt(oidcSigningKeys.publishedUntil, sql`now()`)))
    .orderBy(sql`${oidcSigningKeys.retiredAt} is not null`, desc(oidcSigningKeys.createdAt));
}

export async function insertKey(db: Executor, row: typeof oidcSigningKeys.$inferInsert): Promise<void> {
  await db.insert(oidcSigningKeys).values(row);
}

export async function retireActiveKeys(db: Executor, publishedUntil: Date): Promise<string[]> {
  const rows = await db
    .update(oidcSigningKeys)
    .set({ retiredAt: sql`now()`, publishedUntil })
    .where(isNull(oidcSigningKeys.retiredAt))
    .returning({ kid: oidcSigningKeys.kid });
  return rows.map((r) => r.kid);
}

export async function deleteUnpublishedKeys(db: Executor): Promise<void> {
  await db.delete(oidcSigningKeys).where(lt(oidcSigningKeys.publishedUntil, sql`now()`));
}

// ---- clients and their secrets -------------------------------------------------------------

export type UsableClient = {
  acId: string;
  client: string;
  clientName: string;
  redirectUrl: string | null;
  backchannelLogoutUri: string | null;
  backchannelLogoutSessionRequired: boolean;
  webOrigins: string[];
  clientType: 'CONFIDENTIAL' | 'PUBLIC';
  applicationId: string;
  applicationName: string;
  /**
   * The client's unexpired secrets (SHA-256, hex) and when each expires (ISO 8601, or null),
   * read with the client in one round trip.
   */
  secrets: { id: string; hash: string; expiresAt: string | null }[];
};

const usableClientStatement = preparedPer((db) =>
  db
    .select({
      acId: applicationClients.acId,
      client: applicationClients.client,
      clientName: applicationClients.clientName,
      redirectUrl: applicationClients.redirectUrl,
      backchannelLogoutUri: applicationClients.backchannelLogoutUri,
      backchannelLogoutSessionRequired: applicationClients.backchannelLogoutSessionRequired,
      webOrigins: applicationClients.webOrigins,
      clientType: applicationClients.clientType,
      applicationId: applicationClients.applicationId,
      applicationName: applications.name,
      secrets: sql<UsableClient['secrets']>`coalesce((
        select json_agg(json_build_object(
          'id', ${clientSecrets.secretId},
          'hash', ${clientSecrets.secretHash},
          'expiresAt', ${clientSecrets.expiresAt}
        ))
        from ${clientSecrets}
        where ${clientSecrets.acId} = ${applicationClients.acId}
          and (${clientSecrets.expiresAt} is null or ${clientSecrets.expiresAt} > now())
      ), '[]'::json)`,
    })
    .from(applicationClients)
    .innerJoin(applications, eq(applications.applicationId, applicationClients.applicationId))
    .where(
      and(
        eq(applicationClients.client, sql.placeholder('clientId')),
        eq(applicationClients.status, 'ENABLED'),
        eq(applications.status, 'ENABLED'),
      ),
    )
    .prepare('oidc_usable_client'),
);

/**
 * The client by its OAuth client_id, only while it and its application are enabled; prepared,
 * as every token request that finds no cached client reads it (adapter.ts).
 */
export async function findUsableClient(db: Database, clientId: string): Promise<UsableClient | undefined> {
  const [row] = await usableClientStatement(db).execute({ clientId });
  return row as UsableClient | undefined;
}

// ---- accounts -----------------------------------------------------------------------------

/** The account, with whether its organization is active (access/repository.ts `isActive`). */
export async function findUser(db: Executor, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select(accountFields()).from(users).where(eq(users.userId, userId));
  return row;
}

/** The organization a user belongs to, as the `gatehouse` scope names it. */
export async function findOrganization(db: Executor, organizationId: string) {
  const [row] = await db
    .select({
      organizationId: organizations.organizationId,
      code: organizations.code,
      name: organizations.name,
    })
    .from(organizations)
    .where(eq(organizations.organizationId, organizationId));
  return row;
}
