import {
  AUDIT_COUNT_LIMIT,
  AUDIT_MESSAGES,
  type AuditDetail,
  type AuditExportQuery,
  type AuditListQuery,
  type AuditPage,
  type AuditRecord,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AppScope, assertInScope } from '../../lib/app-scope.ts';
import { type AuditContext, audit } from '../../lib/audit.ts';
import { purgeExpired, sealRound } from '../../lib/audit-chain.ts';
import { BOM, csvLine } from '../../lib/bulk.ts';
import { notFound, validationFailed } from '../../lib/errors.ts';
import { diffOf } from './diff.ts';
import * as repo from './repository.ts';

/** Records read per batch of an export: one round trip each, and all the memory it holds. */
export const EXPORT_BATCH = 1000;
/** The largest piece of text an export hands the stream at once (see `export`). */
const CHUNK = 32_768;

/** The columns of the CSV export, in order; before and after as JSON. */
export const EXPORT_COLUMNS = [
  'auditId',
  'at',
  'actorId',
  'actorName',
  'action',
  'entity',
  'entityId',
  'applicationId',
  'ip',
  'requestId',
  'via',
  'before',
  'after',
] as const;
/** The CSV cells after the id, as the export's batch names them. */
const CELLS = EXPORT_COLUMNS.slice(1) as readonly Exclude<(typeof EXPORT_COLUMNS)[number], 'auditId'>[];

function toRecord(row: repo.ListedRecord): AuditRecord {
  return {
    auditId: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    applicationId: row.applicationId,
    ip: row.ip,
    requestId: row.requestId,
    via: row.via,
  };
}

/** The cursor of the page after `id`: opaque to clients, so its form may change. */
function cursorAfter(id: number): string {
  return Buffer.from(`a${id}`).toString('base64url');
}

function idOfCursor(cursor: string): number {
  const match = /^a(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || cursor !== cursorAfter(Number(match[1]))) {
    throw validationFailed({ cursor: AUDIT_MESSAGES.invalidCursor });
  }
  return Number(match[1]);
}

/** Reading the audit trail: the list, one record with its diff, and the streamed export. */
export class AuditService {
  constructor(private readonly db: Database) {}

  /**
   * A page asked by `page` is counted, up to AUDIT_COUNT_LIMIT, alongside its rows; a page
   * asked by `cursor` is not, since its client has the count of the page it started from.
   */
  async list(query: AuditListQuery, scope: AppScope): Promise<AuditPage> {
    const beforeId = query.cursor === undefined ? undefined : idOfCursor(query.cursor);
    const where = repo.whereOf(query, scope);
    const offset = query.page * query.size;
    const window = { size: query.size, offset, beforeId };
    // Both at once, on two connections of PostgreSQL's pool: the count adds no wait. (A first
    // page that is not full needs no count, but only the page says so: PGlite, one statement
    // at a time, then counts a few matches for nothing.)
    const [rows, counted] = await Promise.all([
      repo.page(this.db, where, window),
      beforeId === undefined ? repo.countUpToLimit(this.db, where) : null,
    ]);
    const last = rows[rows.length - 1];
    return {
      content: rows.map(toRecord),
      totalElements: counted === null ? null : Math.min(counted, AUDIT_COUNT_LIMIT),
      totalExact: counted === null ? null : counted <= AUDIT_COUNT_LIMIT,
      nextCursor: last && rows.length === query.size ? cursorAfter(last.id) : null,
    };
  }

  /** One record with what changed; a record of an application outside the scope is a 403. */
  async get(auditId: string, scope: AppScope): Promise<AuditDetail> {
    const row = await repo.find(this.db, Number(auditId));
    if (!row) throw notFound();
    if (scope !== 'all') assertInScope(scope, row.applicationId ?? '');
    return {
      ...toRecord(row),
      before: row.before,
      after: row.after,
      diff: diffOf(row.before, row.after),
      sealed: row.hash !== null,
    };
  }

  /**
   * The export of every record the filter matches, newest first, as CSV (a byte-order mark,
   * a header, one line per record) or JSON Lines. The export is audited before its first
   * line is read. The records are read in batches by id (a keyset cursor); the next batch is
   * read while the reader takes this one, and no further: the memory held is two batches,
   * whatever the range.
   */
  async export(query: AuditExportQuery, scope: AppScope, ctx: AuditContext): Promise<AsyncGenerator<string>> {
    const { format, ...filter } = query;
    const where = repo.whereOf(filter, scope);
    await audit(this.db, ctx, {
      action: 'export',
      entity: 'audit',
      after: {
        format,
        filter: Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)),
      },
    });
    const db = this.db;
    /** A batch's lines in pieces of about CHUNK characters, and the id the next batch starts below. */
    const readCsv = async (beforeId: number | undefined) => {
      const rows = await repo.exportCellsBatch(db, where, beforeId, EXPORT_BATCH);
      // Short-lived strings that small stay in V8's young generation, freed at once, where a
      // whole batch's text would wait for a full collection.
      const pieces: string[] = [];
      let chunk = '';
      for (const row of rows) {
        chunk += csvLine([String(row.id), ...CELLS.map((c) => row[c])]);
        if (chunk.length >= CHUNK) {
          pieces.push(chunk);
          chunk = '';
        }
      }
      if (chunk) pieces.push(chunk);
      const last = rows.length === EXPORT_BATCH ? rows[rows.length - 1]!.id : undefined;
      return { pieces, last };
    };
    const readJsonl = async (beforeId: number | undefined) => {
      const pieces = await repo.exportLinesBatch(db, where, beforeId, EXPORT_BATCH);
      const records = pieces.reduce((n, p) => n + p.records, 0);
      const last = records === EXPORT_BATCH ? pieces[pieces.length - 1]!.lastId : undefined;
      return { pieces: pieces.map((p) => p.text), last };
    };
    const read = format === 'csv' ? readCsv : readJsonl;
    async function* lines(): AsyncGenerator<string> {
      if (format === 'csv') yield BOM + csvLine(EXPORT_COLUMNS);
      let next = read(undefined);
      for (;;) {
        const { pieces, last } = await next;
        if (last !== undefined) {
          // The next batch is read while the reader takes this one.
          next = read(last);
          // Awaited on the next turn; a reader gone by then leaves it to fail unheard.
          next.catch(() => {});
        }
        yield* pieces;
        if (last === undefined) return;
      }
    }
    return lines();
  }
}

/** How often the sealer runs a round: a record is sealed within about three of these. */
export const SEAL_INTERVAL_MS = 5_000;
/** How often an instance asks whether the daily purge is due (it runs at most once a day). */
export const PURGE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The trail's background work on each instance: the sealer's rounds and the daily purge.
 * Both are safe on several instances at once (the chain row's lock and the purge's lease),
 * so every instance runs them.
 */
export class AuditJobs {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly retentionDays: () => Promise<number>,
  ) {}

  /** Runs each job now and then every so often; an interval of 0 leaves that job off. */
  start(options: { sealIntervalMs: number; purgeIntervalMs: number }, onError: (err: unknown) => void): void {
    if (this.timers.length > 0) return;
    const every = (ms: number, job: () => Promise<unknown>) => {
      if (ms <= 0) return;
      let current: Promise<unknown> | undefined;
      const run = () => {
        if (current) return;
        current = job()
          .catch(onError)
          .finally(() => {
            this.running.delete(current!);
            current = undefined;
          });
        this.running.add(current);
      };
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
      run();
    };
    every(options.sealIntervalMs, () => sealRound(this.db));
    every(options.purgeIntervalMs, async () => purgeExpired(this.db, await this.retentionDays()));
  }

  /** Stops the timers and waits for the runs under way, so nothing touches a closed database. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all(this.running);
  }
}
