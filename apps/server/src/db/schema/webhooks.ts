import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { timestamps } from './columns.ts';
import { users } from './identity.ts';

/** A webhook: where Gatehouse sends the events it names (modules/webhooks). */
export const webhooks = pgTable(
  'webhooks',
  {
    webhookId: uuid('webhook_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** Event patterns: `user.*`, `role.updated`, `*`. */
    events: text('events').array().notNull(),
    /** Null: a platform webhook, which hears every event. */
    applicationId: text('application_id').references(() => applications.applicationId, {
      onDelete: 'cascade',
    }),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason', { enum: ['manual', 'failing'] }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /**
     * The signing secret (`whsec_…`), sealed with the server key (lib/server-key.ts): unlike a
     * client secret it must be read back to sign, so it is encrypted, not hashed.
     */
    secretSealed: text('secret_sealed').notNull(),
    ownerId: uuid('owner_id').references(() => users.userId, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('webhooks_application_idx').on(t.applicationId, t.createdAt.desc()),
    // The outbox asks this with every audited write: is any webhook listening at all?
    index('webhooks_enabled_idx').on(t.webhookId).where(sql`${t.enabled}`),
  ],
);

/** One event's delivery to one webhook, with the outcome of its last attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    deliveryId: uuid('delivery_id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.webhookId, { onDelete: 'cascade' }),
    /** The Standard Webhooks `webhook-id`: the same on every attempt and redelivery. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The audit record of the event; null for a test event. */
    auditId: bigint('audit_id', { mode: 'number' }),
    /** A redelivery of an earlier delivery: the same message again, on request. */
    redelivery: boolean('redelivery').notNull().default(false),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    responseBody: text('response_body'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt.desc()),
    // One delivery per event and webhook, however often the fan-out runs (it may run twice
    // after a crash); redeliveries are extra on purpose.
    uniqueIndex('webhook_deliveries_event_idx')
      .on(t.webhookId, t.auditId)
      .where(sql`${t.auditId} is not null and not ${t.redelivery}`),
  ],
);
