import { createHash } from 'node:crypto';
import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { auditChain, auditLog } from '../db/schema/index.ts';
import { audit } from './audit.ts';

/**
 * Tamper evidence for the audit trail. A sealer links the records in id order into a hash
 * chain: each record's `hash` is SHA-256 over the previous record's hash and the record's
 * canonical text, so a record changed or removed afterwards no longer links to its
 * successor. `audit_chain` keeps where the chain ends (the last sealed record and its hash)
 * and where it starts: after a purge, at the hash of the last record purged.
 *
 * The chain proves the records were not changed after sealing by anyone who cannot also
 * rewrite every later hash and the chain row: it is evidence against edits in the database,
 * not against its owner.
 */

/** Records per sealing, purging or verifying transaction. */
const BATCH = 1000;

/** The hash before the first record of a chain that was never purged. */
const GENESIS = '';

/**
 * A record's fields as text the way both drivers read them alike: the time to the
 * microsecond in UTC, and before and after as PostgreSQL prints jsonb (keys in its own fixed
 * order), so that the canonical text does not depend on a JavaScript round trip.
 */
const sealedFields = {
  id: auditLog.id,
  at: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  applicationId: auditLog.applicationId,
  before: sql<string | null>`${auditLog.before}::text`,
  after: sql<string | null>`${auditLog.after}::text`,
  ip: auditLog.ip,
  requestId: auditLog.requestId,
  via: auditLog.via,
  hash: auditLog.hash,
};
type SealedRow = {
  id: number;
  at: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  applicationId: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  requestId: string | null;
  via: string | null;
  hash: string | null;
};

/**
 * The record as the chain hashes it: its fields in a fixed order, as one JSON array. `via`
 * joins the array only when set, so the links of records written before it stay the same.
 */
export function canonicalText(row: Omit<SealedRow, 'hash'>): string {
  const via = row.via === null || row.via === undefined ? [] : [row.via];
  return JSON.stringify([
    String(row.id),
    row.at,
    row.actorId,
    row.actorName,
    row.action,
    row.entity,
    row.entityId,
    row.applicationId,
    row.before,
    row.after,
    row.ip,
    row.requestId,
    ...via,
  ]);
}

/** The record's link: SHA-256 (hex) over the previous link and the record's canonical text. */
export function linkOf(previous: string | null, row: Omit<SealedRow, 'hash'>): string {
  return createHash('sha256')
    .update(previous ?? GENESIS)
    .update('\n')
    .update(canonicalText(row))
    .digest('hex');
}

type ChainState = typeof auditChain.$inferSelect;

async function lockedState(tx: Executor): Promise<ChainState> {
  const [state] = await tx.select().from(auditChain).where(eq(auditChain.id, 1)).for('update');
  if (!state) throw new Error('audit_chain has no state row (migration 0018 inserts it)');
  return state;
}

async function readState(db: Executor): Promise<ChainState> {
  const [state] = await db.select().from(auditChain).where(eq(auditChain.id, 1));
  if (!state) throw new Error('audit_chain has no state row (migration 0018 inserts it)');
  return state;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The last id the sequence handed out (0 before the first), and the next transaction id. */
async function horizonNow(db: Executor): Promise<{ lastId: number; nextXid: string }> {
  const [row] = rowsOf<{ last_id: string; next_xid: string }>(
    await db.execute(sql`
      select (select case when is_called then last_value else 0 end from audit_log_id_seq)::text as last_id,
             pg_snapshot_xmax(pg_current_snapshot())::text as next_xid`),
  );
  return { lastId: Number(row!.last_id), nextXid: row!.next_xid };
}

/** Whether every transaction numbered below `xid` has ended. */
async function endedBefore(db: Executor, xid: string): Promise<boolean> {
  const [row] = rowsOf<{ ended: boolean }>(
    await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot()) >= ${xid}::xid8 as ended`),
  );
  return row!.ended === true;
}

/**
 * Seals the next batch of records up to `horizon`, in one transaction under the chain row's
 * lock (so two instances never seal at once). Returns how many it sealed.
 */
async function sealBatch(db: Database, horizon: number): Promise<number> {
  return db.transaction(async (tx) => {
    const state = await lockedState(tx);
    const rows: SealedRow[] = await tx
      .select(sealedFields)
      .from(auditLog)
      .where(and(gt(auditLog.id, state.sealedId), lte(auditLog.id, horizon)))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    if (rows.length === 0) return 0;
    let previous = state.sealedHash;
    const links = rows.map((row) => {
      previous = linkOf(previous, row);
      return { id: row.id, hash: previous };
    });
    const values = sql.join(
      links.map((l) => sql`(${l.id}::bigint, ${l.hash}::text)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${auditLog} set hash = v.hash from (values ${values}) as v(id, hash) where ${auditLog.id} = v.id`,
    );
    const last = links[links.length - 1]!;
    await tx
      .update(auditChain)
      .set({ sealedId: last.id, sealedHash: last.hash, updatedAt: sql`now()` })
      .where(eq(auditChain.id, 1));
    return rows.length;
  });
}

/**
 * One round of the sealer. Records commit out of id order (a transaction may take its id
 * and commit after a later one), so a record may be sealed only once no earlier id can still
 * appear. A round therefore moves the chain's horizon on by one phase:
 *  1. note the last id handed out;
 *  2. a round later, note the next transaction id: every transaction that took an id up to
 *     the noted one has its number below it by then;
 *  3. once every transaction numbered below that has ended, seal every record up to the
 *     noted id, in batches.
 * Returns how many records it sealed.
 */
export async function sealRound(db: Database): Promise<number> {
  const state = await readState(db);
  if (state.pendingId !== null && state.pendingXid !== null) {
    if (!(await endedBefore(db, state.pendingXid))) return 0;
    let sealed = 0;
    for (let n = await sealBatch(db, state.pendingId); n > 0; n = await sealBatch(db, state.pendingId)) {
      sealed += n;
    }
    await db
      .update(auditChain)
      .set({ pendingId: null, pendingXid: null, updatedAt: sql`now()` })
      .where(and(eq(auditChain.id, 1), eq(auditChain.pendingId, state.pendingId)));
    return sealed;
  }
  const { lastId, nextXid } = await horizonNow(db);
  if (state.pendingId !== null) {
    await db
      .update(auditChain)
      .set({ pendingXid: nextXid, updatedAt: sql`now()` })
      .where(and(eq(auditChain.id, 1), eq(auditChain.pendingId, state.pendingId)));
  } else if (lastId > state.sealedId) {
    await db
      .update(auditChain)
      .set({ pendingId: lastId, updatedAt: sql`now()` })
      .where(and(eq(auditChain.id, 1), sql`${auditChain.pendingId} is null`));
  }
  return 0;
}

/**
 * Seals every record committed before the call: the sealer's rounds back to back until the
 * chain reaches them (tests, the benchmark). On PostgreSQL this waits for every transaction
 * of the cluster that was running at the call to end, as the sealer does; it gives up after
 * `timeoutMs`. Returns how many records it sealed.
 */
export async function sealAll(db: Database, timeoutMs = 30_000): Promise<number> {
  const [newest] = await db
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)`.mapWith(Number) })
    .from(auditLog);
  const target = newest?.id ?? 0;
  const deadline = Date.now() + timeoutMs;
  let sealed = 0;
  for (;;) {
    sealed += await sealRound(db);
    const state = await readState(db);
    if (state.sealedId >= target) return sealed;
    if (Date.now() > deadline) throw new Error(`sealAll: the chain reached ${state.sealedId}, not ${target}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A purge's lease: long enough for a batch, renewed after each. */
const PURGE_LEASE = sql`interval '10 minutes'`;

export type PurgeResult = { ran: boolean; deleted: number; purgedId: number };

/**
 * Deletes the sealed records older than `retentionDays`, oldest first, in batches, and moves
 * the chain's start to the last one deleted, so what is kept still verifies. It runs on one
 * instance at a time: it first takes the chain row's purge lease, and does nothing when
 * another instance holds it or (unless `force`) a purge finished less than a day ago. Only a
 * run of the oldest records goes: a record written out of time order waits for the next
 * purge rather than leave a hole in the chain. The purge is itself audited.
 */
export async function purgeExpired(
  db: Database,
  retentionDays: number,
  options: { force?: boolean } = {},
): Promise<PurgeResult> {
  const due: SQL = options.force
    ? sql`true`
    : sql`(${auditChain.purgedAt} is null or ${auditChain.purgedAt} < now() - interval '23 hours')`;
  const claimed = await db
    .update(auditChain)
    .set({ purgeLeaseUntil: sql`now() + ${PURGE_LEASE}` })
    .where(
      and(
        eq(auditChain.id, 1),
        sql`(${auditChain.purgeLeaseUntil} is null or ${auditChain.purgeLeaseUntil} < now())`,
        due,
      ),
    )
    .returning({ id: auditChain.id });
  if (claimed.length === 0) return { ran: false, deleted: 0, purgedId: (await readState(db)).purgedId };
  let deleted = 0;
  const cutoff = sql`now() - make_interval(days => ${retentionDays}::int)`;
  try {
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const state = await lockedState(tx);
        const rows = await tx
          .select({ id: auditLog.id, hash: auditLog.hash, old: sql<boolean>`${auditLog.at} < ${cutoff}` })
          .from(auditLog)
          .where(and(gt(auditLog.id, state.purgedId), lte(auditLog.id, state.sealedId)))
          .orderBy(asc(auditLog.id))
          .limit(BATCH);
        const firstKept = rows.findIndex((r) => !r.old);
        const gone = firstKept === -1 ? rows : rows.slice(0, firstKept);
        const last = gone[gone.length - 1];
        if (!last) return 0;
        await tx.delete(auditLog).where(and(gt(auditLog.id, state.purgedId), lte(auditLog.id, last.id)));
        await tx
          .update(auditChain)
          .set({
            purgedId: last.id,
            purgedHash: last.hash,
            purgeLeaseUntil: sql`now() + ${PURGE_LEASE}`,
            updatedAt: sql`now()`,
          })
          .where(eq(auditChain.id, 1));
        // A batch that stopped at a kept record is the last one.
        return firstKept === -1 ? gone.length : -gone.length;
      });
      deleted += Math.abs(n);
      if (n <= 0) break;
    }
    const state = await readState(db);
    if (deleted > 0) {
      await audit(
        db,
        { actorId: null, actorName: 'system', ip: null, requestId: null },
        {
          action: 'purge',
          entity: 'audit',
          after: { retentionDays, deleted, purgedThroughId: state.purgedId },
        },
      );
    }
    return { ran: true, deleted, purgedId: state.purgedId };
  } finally {
    await db
      .update(auditChain)
      .set({ purgedAt: sql`now()`, purgeLeaseUntil: null })
      .where(eq(auditChain.id, 1));
  }
}

export type VerifyResult =
  | { ok: true; checked: number; firstId: number | null; lastId: number }
  | { ok: false; checked: number; id: number; reason: string };

/**
 * Walks the chain from its start (the hash of the last purged record, or the beginning) to
 * the last sealed record, and names the first record that breaks it: one whose hash is not
 * the link of its predecessor's and its own content (it was changed, or a record before it
 * was removed), one inside the sealed range without a seal (it was inserted), or the end
 * (records after it were removed).
 */
export async function verifyChain(db: Database): Promise<VerifyResult> {
  const state = await readState(db);
  let previous = state.purgedHash;
  let after = state.purgedId;
  let checked = 0;
  let firstId: number | null = null;
  for (;;) {
    const rows: SealedRow[] = await db
      .select(sealedFields)
      .from(auditLog)
      .where(and(gt(auditLog.id, after), lte(auditLog.id, state.sealedId)))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    for (const row of rows) {
      if (row.hash === null) {
        return { ok: false, checked, id: row.id, reason: 'it lies inside the sealed range but has no seal' };
      }
      if (linkOf(previous, row) !== row.hash) {
        return {
          ok: false,
          checked,
          id: row.id,
          reason:
            firstId === null && state.purgedId > 0
              ? 'it does not link to the last purged record: it was changed, or records before it were removed'
              : 'its hash does not match its content and its predecessor: it was changed, or the record before it was removed',
        };
      }
      firstId ??= row.id;
      previous = row.hash;
      after = row.id;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  if (after !== state.sealedId || previous !== state.sealedHash) {
    return {
      ok: false,
      checked,
      id: state.sealedId,
      reason: `the chain ends at record ${after} but was sealed up to this one: the records after ${after} were removed`,
    };
  }
  return { ok: true, checked, firstId, lastId: after };
}
