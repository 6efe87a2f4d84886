import { AUDIT_COUNT_LIMIT, AUDIT_MESSAGES, type AuditFilter } from '@gatehouse/contract';
import { and, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import { validationFailed } from '../../lib/errors.ts';
import { contains, given, oneOf } from '../../lib/listing.ts';

/** What the list reads of a record: everything but before, after and the seal. */
export const listFields = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  applicationId: auditLog.applicationId,
  ip: auditLog.ip,
  requestId: auditLog.requestId,
  via: auditLog.via,
};
export type ListedRecord = {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  applicationId: string | null;
  ip: string | null;
  requestId: string | null;
  via: string | null;
};
export type FullRecord = ListedRecord & { before: unknown; after: unknown; hash: string | null };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO 8601 instant of the query; a date alone is midnight UTC. */
function instantOf(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
}

/** The records a delegated administrator reaches: those of their applications. */
export function inScopeOf(scope: AppScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.size === 0 ? sql`false` : inArray(auditLog.applicationId, [...scope]);
}

/** The conditions of a filter: all must hold, and a filter left out is none. */
export function whereOf(filter: AuditFilter, scope: AppScope): SQL | undefined {
  const from = given(filter.from) ? instantOf(filter.from) : undefined;
  let to: SQL | undefined;
  let toInstant: Date | undefined;
  if (given(filter.to)) {
    toInstant = instantOf(filter.to);
    if (DATE_ONLY.test(filter.to)) {
      // A day as the end of the range includes the whole of it.
      const next = new Date(toInstant);
      next.setUTCDate(next.getUTCDate() + 1);
      to = lt(auditLog.at, next);
    } else {
      to = lte(auditLog.at, toInstant);
    }
  }
  if (from && toInstant && from > toInstant) throw validationFailed({ from: AUDIT_MESSAGES.fromAfterTo });
  const actor = filter.actor?.trim();
  return and(
    inScopeOf(scope),
    actor ? or(eq(auditLog.actorId, actor), eq(auditLog.actorName, actor)) : undefined,
    oneOf(auditLog.action, filter.action),
    oneOf(auditLog.entity, filter.entity),
    given(filter.entityId) ? eq(auditLog.entityId, filter.entityId.trim()) : undefined,
    given(filter.applicationId) ? eq(auditLog.applicationId, filter.applicationId.trim()) : undefined,
    given(filter.requestId) ? eq(auditLog.requestId, filter.requestId.trim()) : undefined,
    given(filter.ip) ? eq(auditLog.ip, filter.ip.trim()) : undefined,
    from ? gte(auditLog.at, from) : undefined,
    to,
    given(filter.keyword)
      ? or(
          contains(auditLog.action, filter.keyword),
          contains(auditLog.entity, filter.keyword),
          contains(auditLog.entityId, filter.keyword),
          contains(auditLog.actorName, filter.keyword),
          contains(auditLog.requestId, filter.keyword),
        )
      : undefined,
  );
}

/**
 * Up to `size` records matching `where`, newest first: after the record `beforeId` when
 * given (a cursor), else skipping `offset`.
 */
export async function page(
  db: Executor,
  where: SQL | undefined,
  window: { size: number; offset: number; beforeId: number | undefined },
): Promise<ListedRecord[]> {
  return db
    .select(listFields)
    .from(auditLog)
    .where(and(where, window.beforeId === undefined ? undefined : lt(auditLog.id, window.beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(window.size)
    .offset(window.beforeId === undefined ? window.offset : 0);
}

/** How many records match, counted up to one past AUDIT_COUNT_LIMIT. */
export async function countUpToLimit(db: Executor, where: SQL | undefined): Promise<number> {
  const matching = db
    .select({ one: sql`1` })
    .from(auditLog)
    .where(where)
    .limit(AUDIT_COUNT_LIMIT + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching);
  return row?.n ?? 0;
}

export async function find(db: Executor, id: number): Promise<FullRecord | undefined> {
  const [row] = await db
    .select({ ...listFields, before: auditLog.before, after: auditLog.after, hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.id, id));
  return row;
}

/** The time as the API shows it: ISO 8601 in UTC, to the millisecond (as `Date.toISOString`). */
const isoAt = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An exported record as CSV cells: before and after as PostgreSQL prints them (JSON). */
export const exportCells = {
  id: auditLog.id,
  at: isoAt,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  applicationId: auditLog.applicationId,
  ip: auditLog.ip,
  requestId: auditLog.requestId,
  via: auditLog.via,
  before: sql<string | null>`${auditLog.before}::text`,
  after: sql<string | null>`${auditLog.after}::text`,
};
export type ExportCells = { [K in keyof typeof exportCells]: K extends 'id' ? number : string | null };

/**
 * An exported record as one line of JSON Lines, written by PostgreSQL: before and after go
 * out as stored, never parsed and printed again here.
 */
const jsonLine = sql<string>`json_build_object(
  'auditId', ${auditLog.id}::text, 'at', ${isoAt}, 'actorId', ${auditLog.actorId},
  'actorName', ${auditLog.actorName}, 'action', ${auditLog.action}, 'entity', ${auditLog.entity},
  'entityId', ${auditLog.entityId}, 'applicationId', ${auditLog.applicationId}, 'ip', ${auditLog.ip},
  'requestId', ${auditLog.requestId}, 'via', ${auditLog.via}, 'before', ${auditLog.before},
  'after', ${auditLog.after})::text`;

const exportWhere = (where: SQL | undefined, beforeId: number | undefined) =>
  and(where, beforeId === undefined ? undefined : lt(auditLog.id, beforeId));

/** The next batch of a CSV export: up to `size` records matching `where`, newest first from below `beforeId`. */
export async function exportCellsBatch(
  db: Executor,
  where: SQL | undefined,
  beforeId: number | undefined,
  size: number,
): Promise<ExportCells[]> {
  return db
    .select(exportCells)
    .from(auditLog)
    .where(exportWhere(where, beforeId))
    .orderBy(desc(auditLog.id))
    .limit(size);
}

/** Records whose ids share this quotient make one piece of a JSON Lines batch: at most this many lines. */
export const LINES_PER_PIECE = 64;

/**
 * The next batch of a JSON Lines export, as `exportCellsBatch`, as pieces of text, newest
 * first: the lines of the records whose ids share a quotient by LINES_PER_PIECE, each line
 * ending in a line feed, with the smallest id and the number of records. PostgreSQL writes
 * the lines and joins them, so the driver parses a row per piece, not one of twelve columns
 * per record: the least work in Node, whose one thread serves every other request too (the
 * work over all is about the same however it is split: docs/performance.md).
 */
export async function exportLinesBatch(
  db: Executor,
  where: SQL | undefined,
  beforeId: number | undefined,
  size: number,
): Promise<{ lastId: number; records: number; text: string }[]> {
  const batch = db
    .select({ id: auditLog.id, line: sql<string>`${jsonLine} || E'\\n'`.as('line') })
    .from(auditLog)
    .where(exportWhere(where, beforeId))
    .orderBy(desc(auditLog.id))
    .limit(size)
    .as('batch');
  const piece = sql`${batch.id} / ${sql.raw(String(LINES_PER_PIECE))}`;
  return db
    .select({
      lastId: sql<number>`min(${batch.id})`.mapWith(Number),
      records: sql<number>`count(*)`.mapWith(Number),
      text: sql<string>`string_agg(${batch.line}, '' order by ${batch.id} desc)`,
    })
    .from(batch)
    .groupBy(piece)
    .orderBy(sql`${piece} desc`);
}
