import {
  eventMatches,
  eventTypeOf,
  formatMessage,
  type Language,
  type Message,
  m,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_MAX_RESPONSE_BYTES,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_TIMEOUT_MS,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { AUDIT_EVENTS_QUEUE, type AuditContext, audit } from '../../lib/audit.ts';
import { type ClaimedJob, completionOf, enqueue, type JobRunner, wakeQueue } from '../../lib/jobs.ts';
import { readerLanguage } from '../../lib/language.ts';
import { MAIL_QUEUE } from '../../lib/mailer.ts';
import { type Meters, NO_METERS } from '../../lib/metrics.ts';
import { unseal } from '../../lib/server-key.ts';
import { type OutboundPolicy, send } from './outbound.ts';
import * as repo from './repository.ts';
import { DELIVER_QUEUE, newMessageId, toWebhook } from './service.ts';

/** The delays between attempts: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then hourly until the day is over. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;

/** The first bytes of an answer kept on the delivery, for its log. */
const KEPT_RESPONSE_BYTES = 2048;

export type DeliverySettings = OutboundPolicy & {
  serverKey: Buffer;
  /** An attempt's deadline (WEBHOOK_TIMEOUT_MS; shorter in tests). */
  timeoutMs?: number;
  /** The delays between attempts, the last repeated (RETRY_DELAYS_MS; shorter in tests). */
  retryDelaysMs?: readonly number[];
  /** Deliveries sent at once by this process. */
  concurrency?: number;
};

/** What the server does on its own: no user, no request. */
const SERVER: AuditContext = { actorId: null, actorName: null, ip: null, requestId: null };

type AuditRow = Awaited<ReturnType<typeof repo.findAudits>>[number];
type ToSend = Awaited<ReturnType<typeof repo.deliveriesToSend>>[number];

/** The body every receiver gets: the Standard Webhooks shape of type, timestamp and data. */
export function eventPayload(record: AuditRow, type: string) {
  return {
    type,
    timestamp: record.at.toISOString(),
    data: {
      auditId: String(record.id),
      entity: record.entity,
      entityId: record.entityId,
      applicationId: record.applicationId,
      actor: { id: record.actorId, name: record.actorName },
      action: record.action,
      before: record.before,
      after: record.after,
    },
  };
}

function firstBytes(text: string | null, bytes: number): string | null {
  if (text === null) return null;
  const buffer = Buffer.from(text, 'utf8');
  return buffer.length <= bytes ? text : buffer.subarray(0, bytes).toString('utf8');
}

/**
 * The delivery of events: the audit events' fan-out to the webhooks that want them, one
 * delivery per webhook, and each delivery's attempts, signed with the `standardwebhooks`
 * library, retried with a growing delay for WEBHOOK_RETRY_HOURS, and a webhook disabled once
 * its deliveries have failed for WEBHOOK_DISABLE_AFTER_DAYS, its owner told by email.
 */
export class WebhookDeliveries {
  private readonly timeoutMs: number;
  private readonly delays: readonly number[];
  private signer: Promise<typeof import('standardwebhooks')> | undefined;

  constructor(
    private readonly db: Database,
    private readonly settings: DeliverySettings,
    private readonly meters: Meters = NO_METERS,
  ) {
    this.timeoutMs = Math.min(settings.timeoutMs ?? WEBHOOK_TIMEOUT_MS, WEBHOOK_TIMEOUT_MS);
    this.delays = settings.retryDelaysMs?.length ? settings.retryDelaysMs : RETRY_DELAYS_MS;
  }

  register(runner: JobRunner): void {
    // Events and deliveries are claimed in batches: one read and one write for many.
    runner.registerBatch<{ auditId: number }>(AUDIT_EVENTS_QUEUE, (claimed) => this.fanOut(claimed), {
      concurrency: 100,
      leaseMs: 30_000,
    });
    runner.registerBatch<{ deliveryId: string }>(DELIVER_QUEUE, (claimed) => this.deliverAll(claimed), {
      concurrency: this.settings.concurrency ?? 32,
      // Longer than an attempt can take, so a live runner's claim never runs out.
      leaseMs: this.timeoutMs + 5_000,
    });
  }

  /** Audit events: for each, a delivery to every enabled webhook whose events and scope match it. */
  private async fanOut(claimed: ClaimedJob<{ auditId: number }>[]): Promise<void> {
    // A record purged since (retention) has nothing left to send.
    const records = await repo.findAudits(
      this.db,
      claimed.map((job) => Number(job.payload.auditId)),
    );
    const hooks = await repo.enabled(this.db);
    const deliveries = records.flatMap((record) => {
      const type = eventTypeOf(record.entity, record.action);
      const payload = eventPayload(record, type);
      return hooks
        .filter(
          (h) =>
            (h.applicationId === null || h.applicationId === record.applicationId) &&
            h.events.some((pattern) => eventMatches(pattern, type)),
        )
        .map((h) => ({
          webhookId: h.webhookId,
          messageId: newMessageId(),
          eventType: type,
          auditId: record.id,
          payload,
        }));
    });
    if (deliveries.length === 0) return;
    // The deliveries and their jobs, and the events' jobs done, commit together.
    await this.db.transaction(async (tx) => {
      await repo.insertDeliveries(tx, deliveries, DELIVER_QUEUE);
      await tx.execute(completionOf(claimed));
    });
    for (const job of claimed) job.settled();
    wakeQueue(DELIVER_QUEUE);
  }

  /** The deliveries of a claim: read at once, sent at once, each attempt recorded with its job. */
  private async deliverAll(claimed: ClaimedJob<{ deliveryId: string }>[]): Promise<void> {
    const found = new Map(
      (
        await repo.deliveriesToSend(
          this.db,
          claimed.map((job) => job.payload.deliveryId),
        )
      ).map((row) => [row.delivery.deliveryId, row]),
    );
    const outcomes = await Promise.allSettled(
      claimed.map((job) => this.deliver(job, found.get(job.payload.deliveryId))),
    );
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private sign(secret: string, messageId: string, at: Date, body: string): Promise<string> {
    this.signer ??= import('standardwebhooks');
    return this.signer.then(({ Webhook }) => new Webhook(secret).sign(messageId, at, body));
  }

  /** The delay after the `attempts`th failed attempt. */
  private delayAfter(attempts: number): number {
    return this.delays[Math.min(attempts, this.delays.length) - 1]!;
  }

  /** One attempt of one delivery, and what follows from it. */
  private async deliver(job: ClaimedJob<{ deliveryId: string }>, found: ToSend | undefined): Promise<void> {
    // Gone with its webhook, or finished: the job ends with nothing to send.
    if (found?.delivery.status !== 'PENDING') return;
    const { delivery } = found;
    const ids = { deliveryId: delivery.deliveryId, webhookId: delivery.webhookId };
    // A disabled webhook gets no more events; a test or a redelivery was asked for by hand.
    if (!found.enabled && delivery.auditId !== null && !delivery.redelivery) {
      await repo.recordAttempt(
        this.db,
        ids,
        { ...NO_ANSWER, status: 'FAILED', error: 'webhook disabled' },
        false,
        job.completion(),
        WEBHOOK_DISABLE_AFTER_DAYS,
      );
      job.settled();
      return;
    }
    const body = JSON.stringify(delivery.payload);
    const now = new Date();
    const signature = await this.sign(
      unseal(this.settings.serverKey, found.secretSealed),
      delivery.messageId,
      now,
      body,
    );
    const attempt = await send(
      found.url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'Gatehouse-Webhooks/1',
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      {
        allowHttp: this.settings.allowHttp,
        allowPrivate: this.settings.allowPrivate,
        timeoutMs: this.timeoutMs,
        maxBytes: WEBHOOK_MAX_RESPONSE_BYTES,
      },
    );
    const succeeded = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
    const attempts = delivery.attempts + 1;
    const next = new Date(Date.now() + this.delayAfter(attempts));
    const giveUp =
      !succeeded && next.getTime() > delivery.createdAt.getTime() + WEBHOOK_RETRY_HOURS * 3_600_000;
    const status = succeeded ? 'SUCCEEDED' : giveUp ? 'FAILED' : 'PENDING';
    if (!succeeded) this.meters.webhookFailed(attempt.status === null ? 'no_answer' : 'http_status', giveUp);
    const { overdue } = await repo.recordAttempt(
      this.db,
      ids,
      {
        status,
        responseCode: attempt.status,
        durationMs: attempt.durationMs,
        error: attempt.error,
        responseBody: firstBytes(attempt.body, KEPT_RESPONSE_BYTES),
        nextAttemptAt: status === 'PENDING' ? next : null,
      },
      true,
      status === 'PENDING'
        ? job.rescheduling(next, attempt.error ?? `HTTP ${attempt.status}`)
        : job.completion(),
      WEBHOOK_DISABLE_AFTER_DAYS,
    );
    job.settled();
    if (overdue) await this.disableFailing(delivery.webhookId);
  }

  /**
   * Disables a webhook that has failed for WEBHOOK_DISABLE_AFTER_DAYS, with an audit record
   * (`disabled`, the event `webhook.disabled`) and, in the same transaction, the email to its
   * owner on the job queue. Checked again under the row's lock: another attempt may have done it.
   */
  private async disableFailing(webhookId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await repo.findForUpdate(tx, webhookId);
      const cutoff = Date.now() - WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000;
      if (!before?.enabled || !before.failingSince || before.failingSince.getTime() > cutoff) return;
      await repo.update(tx, webhookId, { enabled: false, disabledReason: 'failing' });
      const after = toWebhook((await repo.find(tx, webhookId))!);
      await audit(tx, SERVER, {
        action: 'disabled',
        entity: 'webhook',
        entityId: webhookId,
        before: toWebhook(before),
        after,
      });
      const owner = before.ownerId ? await repo.owner(tx, before.ownerId) : undefined;
      if (!owner?.email) return;
      const language: Language = readerLanguage(owner.language);
      const say = (message: Message) => formatMessage(message, language);
      const params = { name: before.name, url: before.url, since: before.failingSince.toISOString() };
      await enqueue(tx, MAIL_QUEUE, {
        to: owner.email,
        subject: say(m(WEBHOOK_MESSAGES.disabledSubject.key, params)),
        text: say(m(WEBHOOK_MESSAGES.disabledBody.key, params)),
      });
    });
  }
}

const NO_ANSWER = { responseCode: null, durationMs: null, responseBody: null, nextAttemptAt: null };
