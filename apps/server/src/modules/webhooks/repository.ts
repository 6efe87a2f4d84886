import type { DeliveryStatus } from '@gatehouse/contract';
import { and, count, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, jobs, users, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { keywordIn } from '../../lib/listing.ts';

export type WebhookRow = typeof webhooks.$inferSelect & { ownerName: string | null };
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const withOwner = { ...getTableColumns(webhooks), ownerName: users.username };

/** Which webhooks a list shows: its search, and the applications the caller reaches. */
export type WebhookFilter = {
  keyword?: string | undefined;
  /** One application's webhooks. */
  applicationId?: string | undefined;
  /** The platform webhooks alone (no application). */
  platform?: boolean;
  /** The applications the caller reaches; `all` includes the platform webhooks. */
  within: 'all' | readonly string[];
};

function whereOf(filter: WebhookFilter): SQL | undefined {
  return and(
    keywordIn([webhooks.name, webhooks.url, webhooks.description], filter.keyword),
    filter.applicationId === undefined ? undefined : eq(webhooks.applicationId, filter.applicationId),
    filter.platform ? isNull(webhooks.applicationId) : undefined,
    filter.within === 'all'
      ? undefined
      : filter.within.length === 0
        ? sql`false`
        : inArray(webhooks.applicationId, [...filter.within]),
  );
}

export async function list(
  db: Executor,
  filter: WebhookFilter,
  page: { size: number; offset: number },
): Promise<{ rows: WebhookRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select(withOwner)
    .from(webhooks)
    .leftJoin(users, eq(users.userId, webhooks.ownerId))
    .where(where)
    .orderBy(desc(webhooks.createdAt), desc(webhooks.webhookId))
    .limit(page.size)
    .offset(page.offset);
  const total =
    page.offset === 0 && rows.length < page.size
      ? rows.length
      : ((await db.select({ n: count() }).from(webhooks).where(where))[0]?.n ?? 0);
  return { rows, total };
}

export async function find(db: Executor, webhookId: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select(withOwner)
    .from(webhooks)
    .leftJoin(users, eq(users.userId, webhooks.ownerId))
    .where(eq(webhooks.webhookId, webhookId));
  return row;
}

export async function findForUpdate(db: Executor, webhookId: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select(withOwner)
    .from(webhooks)
    .leftJoin(users, eq(users.userId, webhooks.ownerId))
    .where(eq(webhooks.webhookId, webhookId))
    .for('update', { of: webhooks });
  return row;
}

export async function insert(db: Executor, values: typeof webhooks.$inferInsert): Promise<string> {
  const [row] = await db.insert(webhooks).values(values).returning({ webhookId: webhooks.webhookId });
  return row!.webhookId;
}

export async function update(
  db: Executor,
  webhookId: string,
  values: Partial<typeof webhooks.$inferInsert>,
): Promise<void> {
  await db
    .update(webhooks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(webhooks.webhookId, webhookId));
}

export async function remove(db: Executor, webhookId: string): Promise<void> {
  await db.delete(webhooks).where(eq(webhooks.webhookId, webhookId));
}

/** The enabled webhooks: the fan-out matches each event against them. */
export async function enabled(db: Executor) {
  return db
    .select({ webhookId: webhooks.webhookId, events: webhooks.events, applicationId: webhooks.applicationId })
    .from(webhooks)
    .where(eq(webhooks.enabled, true));
}

export async function findAudits(db: Executor, auditIds: number[]) {
  return db.select().from(auditLog).where(inArray(auditLog.id, auditIds));
}

// ---- deliveries --------------------------------------------------------------------------

export async function deliveries(
  db: Executor,
  webhookId: string,
  status: DeliveryStatus | undefined,
  page: { size: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.webhookId, webhookId),
    status ? eq(webhookDeliveries.status, status) : undefined,
  );
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.deliveryId))
    .limit(page.size)
    .offset(page.offset);
  const total =
    page.offset === 0 && rows.length < page.size
      ? rows.length
      : ((await db.select({ n: count() }).from(webhookDeliveries).where(where))[0]?.n ?? 0);
  return { rows, total };
}

export async function findDelivery(db: Executor, deliveryId: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.deliveryId, deliveryId));
  return row;
}

/**
 * New deliveries, each with its job, in `tx`. An event's delivery to a webhook that already
 * has one (the fan-out ran again after a crash) is skipped.
 */
export async function insertDeliveries(
  tx: Executor,
  rows: (typeof webhookDeliveries.$inferInsert)[],
  queue: string,
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning();
  if (inserted.length > 0)
    await tx.insert(jobs).values(inserted.map((d) => ({ queue, payload: { deliveryId: d.deliveryId } })));
  return inserted;
}

/** Deliveries with what sending them needs of their webhooks. */
export async function deliveriesToSend(db: Executor, deliveryIds: string[]) {
  return db
    .select({
      delivery: webhookDeliveries,
      url: webhooks.url,
      secretSealed: webhooks.secretSealed,
      enabled: webhooks.enabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.webhookId, webhookDeliveries.webhookId))
    .where(inArray(webhookDeliveries.deliveryId, deliveryIds));
}

export type AttemptRecord = {
  status: DeliveryStatus;
  responseCode: number | null;
  durationMs: number | null;
  error: string | null;
  responseBody: string | null;
  nextAttemptAt: Date | null;
};

/**
 * One statement: the attempt on the delivery, the webhook's failing state (cleared by a
 * success, started by a failure), and `jobChange` (the job's completion or next run), so
 * they change together. Answers whether the webhook has now failed for longer than
 * `disableAfterDays` while enabled.
 */
export async function recordAttempt(
  db: Executor,
  delivery: { deliveryId: string; webhookId: string },
  attempt: AttemptRecord,
  counted: boolean,
  jobChange: SQL,
  disableAfterDays: number,
): Promise<{ overdue: boolean }> {
  const succeeded = attempt.status === 'SUCCEEDED';
  const failing = succeeded
    ? sql`update ${webhooks} set failing_since = null where webhook_id = ${delivery.webhookId} and failing_since is not null returning false as overdue`
    : sql`update ${webhooks} set failing_since = coalesce(failing_since, now()) where webhook_id = ${delivery.webhookId}
          returning enabled and failing_since < now() - ${disableAfterDays} * interval '1 day' as overdue`;
  const result = await db.execute(sql`
    with attempt as (
      update ${webhookDeliveries} set status = ${attempt.status},
        attempts = attempts + ${counted ? 1 : 0},
        response_code = ${attempt.responseCode}, duration_ms = ${attempt.durationMs},
        error = ${attempt.error}, response_body = ${attempt.responseBody},
        next_attempt_at = ${attempt.nextAttemptAt?.toISOString() ?? null}::timestamptz,
        last_attempt_at = ${counted ? sql`now()` : sql`last_attempt_at`}
      where delivery_id = ${delivery.deliveryId}),
    job as (${jobChange}),
    failing as (${failing})
    select overdue from failing`);
  const [row] = (result as unknown as { rows: { overdue: boolean }[] }).rows;
  return { overdue: row?.overdue === true };
}

/** The webhook's owner, to tell: their address, name and language. */
export async function owner(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, username: users.username, language: users.language })
    .from(users)
    .where(eq(users.userId, userId));
  return row;
}
