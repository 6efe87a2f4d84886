import { randomBytes } from 'node:crypto';
import {
  type CreateWebhook,
  type DeliveryStatus,
  type Page,
  type Status,
  type UpdateWebhook,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookListQuery,
  type WebhookSecret,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AppScope, assertInScope, isUuid } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { type EntityAudit, entityAudit } from '../../lib/entity-service.ts';
import { forbidden, notFound, refused } from '../../lib/errors.ts';
import { wakeQueue } from '../../lib/jobs.ts';
import { seal } from '../../lib/server-key.ts';
import { requireApplication } from '../applications/service.ts';
import { assertAllowedTarget, type OutboundPolicy } from './outbound.ts';
import * as repo from './repository.ts';

/** The queue of single deliveries: `{ deliveryId }`. */
export const DELIVER_QUEUE = 'webhook.deliver';

const ENTITY = 'webhook';

/** A signing secret as Standard Webhooks writes it: `whsec_` and base64 of 32 random bytes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A `webhook-id`: unique per message, the same on each of its attempts and redeliveries. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

export function toWebhook(row: repo.WebhookRow): Webhook {
  return {
    webhookId: row.webhookId,
    name: row.name,
    url: row.url,
    events: row.events,
    applicationId: row.applicationId,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    deliveryId: row.deliveryId,
    webhookId: row.webhookId,
    messageId: row.messageId,
    eventType: row.eventType,
    auditId: row.auditId === null ? null : String(row.auditId),
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    durationMs: row.durationMs,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdDate: row.createdAt.toISOString(),
  };
}

function toDeliveryDetail(row: repo.DeliveryRow): WebhookDeliveryDetail {
  return { ...toDelivery(row), payload: row.payload, responseBody: row.responseBody };
}

/** A webhook's application must lie in the caller's scope; a platform webhook needs every application. */
function assertWebhookInScope(scope: AppScope, applicationId: string | null): void {
  if (applicationId === null) {
    if (scope !== 'all') throw forbidden();
    return;
  }
  assertInScope(scope, applicationId);
}

/**
 * Webhooks (issue 28): their settings, each change audited (the secret never is: audit
 * records redact `secret`, and the record shows the webhook as the API does, without it),
 * the secret shown once at creation and rotation, and the delivery log with test sends
 * and redeliveries. A delegated administrator reaches the webhooks of their applications
 * alone, never the platform's.
 */
export class WebhookService {
  private readonly audit: EntityAudit;

  constructor(
    private readonly db: Database,
    private readonly serverKey: Buffer,
    private readonly policy: OutboundPolicy,
  ) {
    this.audit = entityAudit(db, ENTITY);
  }

  async list(query: WebhookListQuery, scope: AppScope): Promise<Page<Webhook>> {
    if (query.platform && scope !== 'all') throw forbidden();
    const { rows, total } = await repo.list(
      this.db,
      {
        keyword: query.keyword,
        applicationId: query.applicationId || undefined,
        platform: query.platform === true,
        within: scope === 'all' ? 'all' : [...scope],
      },
      { size: query.size, offset: query.page * query.size },
    );
    return { content: rows.map(toWebhook), totalElements: total };
  }

  private async found(webhookId: string, scope: AppScope): Promise<repo.WebhookRow> {
    const row = isUuid(webhookId) ? await repo.find(this.db, webhookId) : undefined;
    if (!row) throw notFound();
    assertWebhookInScope(scope, row.applicationId);
    return row;
  }

  async get(webhookId: string, scope: AppScope): Promise<Webhook> {
    return toWebhook(await this.found(webhookId, scope));
  }

  async create(input: CreateWebhook, ctx: AuditContext, scope: AppScope): Promise<WebhookSecret> {
    const applicationId = input.applicationId ?? null;
    assertWebhookInScope(scope, applicationId);
    if (applicationId !== null) await requireApplication(this.db, applicationId);
    await assertAllowedTarget(input.url, this.policy);
    const secret = newSecret();
    const webhook = await this.audit.change(ctx, 'create', async (tx) => {
      const webhookId = await repo.insert(tx, {
        name: input.name,
        url: input.url,
        events: input.events,
        applicationId,
        description: input.description || null,
        enabled: input.enabled,
        disabledReason: input.enabled ? null : 'manual',
        secretSealed: seal(this.serverKey, secret),
        ownerId: ctx.actorId,
      });
      const after = toWebhook((await repo.find(tx, webhookId))!);
      return { entityId: webhookId, after };
    });
    return { webhook, secret };
  }

  async update(
    webhookId: string,
    input: UpdateWebhook,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<Webhook> {
    await assertAllowedTarget(input.url, this.policy);
    return this.change(webhookId, ctx, scope, 'update', (row) => ({
      name: input.name,
      url: input.url,
      events: input.events,
      description: input.description || null,
      ...enabling(row, input.enabled),
    }));
  }

  async setStatus(webhookId: string, status: Status, ctx: AuditContext, scope: AppScope): Promise<Webhook> {
    return this.change(webhookId, ctx, scope, 'status', (row) => enabling(row, status === 'ENABLED'));
  }

  async remove(webhookId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const row = isUuid(webhookId) ? await repo.findForUpdate(tx, webhookId) : undefined;
      if (!row) throw notFound();
      assertWebhookInScope(scope, row.applicationId);
      await repo.remove(tx, webhookId);
      return { entityId: webhookId, before: toWebhook(row), after: null };
    });
  }

  /** A new signing secret, answered this once; the old one stops signing at once. */
  async rotateSecret(webhookId: string, ctx: AuditContext, scope: AppScope): Promise<WebhookSecret> {
    const secret = newSecret();
    const webhook = await this.change(webhookId, ctx, scope, 'secret.rotate', () => ({
      secretSealed: seal(this.serverKey, secret),
    }));
    return { webhook, secret };
  }

  /**
   * A `webhook.test` event to this webhook alone, whatever its events and even while it is
   * disabled: the delivery, pending. Not an audit record (which would be an event for the
   * other webhooks too).
   */
  async sendTest(webhookId: string, scope: AppScope): Promise<WebhookDelivery> {
    const row = await this.found(webhookId, scope);
    const payload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { webhookId: row.webhookId, name: row.name, applicationId: row.applicationId },
    };
    const [delivery] = await this.db.transaction((tx) =>
      repo.insertDeliveries(
        tx,
        [{ webhookId, messageId: newMessageId(), eventType: WEBHOOK_TEST_EVENT, auditId: null, payload }],
        DELIVER_QUEUE,
      ),
    );
    wakeQueue(DELIVER_QUEUE);
    return toDelivery(delivery!);
  }

  /** The same message again (its `webhook-id` and payload) as a new delivery; not while the first is pending. */
  async redeliver(webhookId: string, deliveryId: string, scope: AppScope): Promise<WebhookDelivery> {
    await this.found(webhookId, scope);
    const original = await this.foundDelivery(webhookId, deliveryId);
    if (original.status === 'PENDING') throw refused(WEBHOOK_MESSAGES.notPending);
    const [delivery] = await this.db.transaction((tx) =>
      repo.insertDeliveries(
        tx,
        [
          {
            webhookId,
            messageId: original.messageId,
            eventType: original.eventType,
            auditId: original.auditId,
            redelivery: true,
            payload: original.payload,
          },
        ],
        DELIVER_QUEUE,
      ),
    );
    wakeQueue(DELIVER_QUEUE);
    return toDelivery(delivery!);
  }

  async deliveries(
    webhookId: string,
    query: { page: number; size: number; status?: DeliveryStatus | undefined },
    scope: AppScope,
  ): Promise<Page<WebhookDelivery>> {
    await this.found(webhookId, scope);
    const { rows, total } = await repo.deliveries(this.db, webhookId, query.status, {
      size: query.size,
      offset: query.page * query.size,
    });
    return { content: rows.map(toDelivery), totalElements: total };
  }

  async delivery(webhookId: string, deliveryId: string, scope: AppScope): Promise<WebhookDeliveryDetail> {
    await this.found(webhookId, scope);
    return toDeliveryDetail(await this.foundDelivery(webhookId, deliveryId));
  }

  private async foundDelivery(webhookId: string, deliveryId: string): Promise<repo.DeliveryRow> {
    const row = isUuid(deliveryId) ? await repo.findDelivery(this.db, deliveryId) : undefined;
    if (!row || row.webhookId !== webhookId) throw notFound();
    return row;
  }

  /** Changes a webhook of the caller's scope, audited, with the row as it was before. */
  private async change(
    webhookId: string,
    ctx: AuditContext,
    scope: AppScope,
    action: string,
    values: (row: repo.WebhookRow) => Parameters<typeof repo.update>[2],
  ): Promise<Webhook> {
    return this.audit.change(ctx, action, async (tx) => {
      const before = isUuid(webhookId) ? await repo.findForUpdate(tx, webhookId) : undefined;
      if (!before) throw notFound();
      assertWebhookInScope(scope, before.applicationId);
      await repo.update(tx, webhookId, values(before));
      const after = toWebhook((await repo.find(tx, webhookId))!);
      return { entityId: webhookId, before: toWebhook(before), after };
    });
  }
}

/**
 * The state an enable or disable leaves: disabled by hand says so; enabled again starts with
 * a clean slate, so an old failure does not disable it again at its next one.
 */
function enabling(row: repo.WebhookRow, enabled: boolean) {
  if (enabled === row.enabled) return { enabled };
  return enabled
    ? { enabled, disabledReason: null, failingSince: null }
    : { enabled, disabledReason: 'manual' as const };
}
