import type { AuditEntity } from '@gatehouse/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../db/client.ts';
import { auditLog, webhooks } from '../db/schema/index.ts';
import { jobInsert, wakeQueue } from './jobs.ts';

/** Who did it, from where, in which request (`auditContext` in plugins/auth.ts reads it off a request). */
export type AuditContext = {
  actorId: string | null;
  actorName: string | null;
  ip: string | null;
  requestId: string | null;
  /** The credential the actor used when not a console session (`pat:<id>`, `client:<client_id>`). */
  via?: string | null;
  /**
   * A personal access token's permission/action pairs: what the actor may hand out or reach
   * through delegation is what they hold within these (modules/access/delegation.ts).
   */
  limitedTo?: readonly { permissionId: string; action: string }[];
};

export type AuditEntry = {
  action: string;
  entity: AuditEntity;
  entityId?: string | null;
  /** The application of the changed record; by default the `applicationId` it shows after, or before. */
  applicationId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Fields never copied into the audit trail, wherever they appear in a record. */
const SECRET_KEYS = new Set([
  'passwordHash',
  'password_hash',
  'password',
  'secret',
  'secretHash',
  'tokenHash',
  // A personal access token, shown once at its creation.
  'token',
  // Identity providers' write-only settings (modules/federation).
  'clientSecret',
  'bindPassword',
]);

function redact(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k) ? '[redacted]' : redact(v);
    return out;
  }
  return value;
}

/**
 * The job queue of audit events: every audit record is an event (its type is the contract's
 * `eventTypeOf(entity, action)`), and while any webhook is enabled each record enqueues one job
 * here, `{ auditId }`, in the statement that writes it (modules/webhooks hands it out).
 */
export const AUDIT_EVENTS_QUEUE = 'audit.event';

/**
 * The statement that writes the audit record `insert` (an insert into audit_log returning its
 * id) and, in the same statement, its event's job when a webhook is enabled: an outbox that
 * commits or rolls back with the record, and adds nothing while no webhook listens. It
 * returns a row when it enqueued.
 */
function withOutbox(insert: SQL, before: SQL[] = []): SQL {
  const parts = [...before, sql`audit_record as (${insert})`];
  return sql`with ${sql.join(parts, sql`, `)} ${jobInsert(
    AUDIT_EVENTS_QUEUE,
    sql`jsonb_build_object('auditId', audit_record.id)`,
    sql`from audit_record where exists (select 1 from ${webhooks} where ${webhooks.enabled})`,
  )} returning 1`;
}

/** Wakes this process's event runner once `tx` has committed: after an auditedChange's commit, else now. */
function wakeOnCommit(tx: Executor): void {
  const wake = () => wakeQueue(AUDIT_EVENTS_QUEUE);
  const effects = committedEffects.get(tx as Transaction);
  if (effects) effects.push(wake);
  else wake();
}

function rowCount(result: unknown): number {
  return (result as { rows: unknown[] }).rows.length;
}

/**
 * Writes one audit record, and its event's outbox job while a webhook is enabled. Pass the
 * transaction that makes the change, so the change and its record commit or roll back together:
 *
 *   await db.transaction(async (tx) => { …change…; await audit(tx, ctx, { action, entity }) })
 */
export async function audit(tx: Executor, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  const insert = tx.insert(auditLog).values(auditRow(ctx, entry)).returning({ id: auditLog.id }).getSQL();
  if (rowCount(await tx.execute(withOutbox(insert))) > 0) wakeOnCommit(tx);
}

/** The `applicationId` a record shows, when it is an object that has one. */
function applicationOf(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const id = (value as { applicationId?: unknown }).applicationId;
  return typeof id === 'string' ? id : null;
}

function auditRow(ctx: AuditContext, entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    actorId: ctx.actorId,
    actorName: ctx.actorName,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    applicationId:
      entry.applicationId === undefined
        ? (applicationOf(entry.after) ?? applicationOf(entry.before))
        : entry.applicationId,
    before: redact(entry.before),
    after: redact(entry.after),
    ip: ctx.ip,
    requestId: ctx.requestId,
    via: ctx.via ?? null,
  };
}

/**
 * What a change reports for its record: `after` is also what the change returns (the record
 * as the API shows it), and `action` overrides the default (a status flip, say).
 * `recordedAfter`, when given, is what the record keeps as `after` instead: the answer and
 * what else the change did (the sessions it ended, say).
 */
export type AuditedResult<T> = {
  /** Null for a change of many records (a bulk action), which lists them in `recordedAfter`. */
  entityId: string | null;
  before?: unknown;
  after: T;
  action?: string;
  recordedAfter?: unknown;
};

/** What `afterCommit` queued, per transaction of an `auditedChange`. */
const committedEffects = new WeakMap<Transaction, (() => void)[]>();

/**
 * Runs `effect` once the `auditedChange` whose transaction `tx` is has committed, never after
 * a rollback: for what cannot be taken back, such as an email. `effect` starts its work and
 * returns; it must not throw. Not durable: an effect queued when the process stops between
 * the commit and it is lost. What must not be lost goes on the job queue instead
 * (`enqueue(tx, …)` in lib/jobs.ts), written in the same transaction.
 */
export function afterCommit(tx: Transaction, effect: () => void): void {
  const effects = committedEffects.get(tx);
  if (!effects) throw new Error('afterCommit needs the transaction of an auditedChange');
  effects.push(effect);
}

/**
 * Makes a change and writes its audit record in one transaction, so both commit or neither
 * does. The change returns the record as the API shows it after (and, for an update, before).
 * What the change queued with `afterCommit` runs once the transaction has committed. Given the
 * transaction of another auditedChange as `db`, it runs in a savepoint of it, and its effects
 * wait for the outer commit.
 */
export async function auditedChange<T>(
  db: Database,
  ctx: AuditContext,
  entry: { entity: AuditEntity; action: string },
  change: (tx: Transaction) => Promise<AuditedResult<T>>,
): Promise<T> {
  const effects: (() => void)[] = [];
  const after = await db.transaction(async (tx) => {
    committedEffects.set(tx, effects);
    const result = await change(tx);
    await audit(tx, ctx, {
      action: result.action ?? entry.action,
      entity: entry.entity,
      entityId: result.entityId,
      before: result.before,
      after: result.recordedAfter ?? result.after,
    });
    return result.after;
  });
  // Inside another auditedChange (a bulk action runs each row's own change in its
  // transaction), the effects wait for that one's commit.
  const outer = committedEffects.get(db as Transaction);
  if (outer) outer.push(...effects);
  else for (const effect of effects) effect();
  return after;
}

/**
 * `auditedChange` as one statement: the change's statements and its audit record are the
 * parts of one `WITH` statement, which commits or rolls back as a whole. One round trip,
 * where a transaction takes four more (begin, the record, commit, and one per further
 * statement). For a change whose record is known before it runs and which reads nothing back,
 * such as a sign-in's new session. The parts all see the database as it was before the
 * statement and run in no set order, so no two may touch the same row.
 */
export async function auditedStatement(
  db: Executor,
  ctx: AuditContext,
  entry: AuditEntry & { entityId: string },
  changes: readonly SQLWrapper[],
): Promise<void> {
  if (changes.length === 0) throw new Error('auditedStatement: no change to make');
  // Each part as its bare SQL: a query builder embedded as such is wrapped in parentheses,
  // which PostgreSQL refuses around a data-modifying statement.
  const parts = changes.map((change, i) => sql`${sql.identifier(`change_${i}`)} as (${change.getSQL()})`);
  const record = db.insert(auditLog).values(auditRow(ctx, entry)).returning({ id: auditLog.id }).getSQL();
  if (rowCount(await db.execute(withOutbox(record, parts))) > 0) wakeOnCommit(db);
}
