import { z } from 'zod';
import { descriptionSchema, optionalText, pageQuerySchema, pageSchema, requiredString } from './common.ts';
import { m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';
import { permissionIdForPath } from './navigation.ts';

/**
 * Webhooks: Gatehouse tells other systems of each change as it commits. A webhook names a
 * target URL and the event types it wants; each matching event is delivered at least once,
 * signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature` v1 HMAC-SHA256), retried with a growing delay for a day.
 *
 * An event is an audit record as it commits: its type is the record's entity and action
 * (`eventTypeOf`). A webhook with an `applicationId` hears only that application's events; a
 * platform webhook (none) hears every event.
 */

/** The platform permission of the Webhooks screen; an application's webhooks need it too, for that application. */
export const WEBHOOK_PERMISSION_ID = permissionIdForPath('/admin-setting/webhook');

/** A delivery is retried with a growing delay for this long after its event, then given up. */
export const WEBHOOK_RETRY_HOURS = 24;
/** A webhook whose deliveries have failed without a success for this long is disabled, and its owner told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/** An attempt is abandoned after this long: connecting, sending and reading the answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of a receiver's answer is read; the rest is dropped. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
/** The most event patterns one webhook may list. */
export const WEBHOOK_MAX_EVENTS = 50;

/** The event type of the test a user sends from the console: only that webhook receives it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Actions of the `user` entity that are sign-in events: their type is `auth.<action>`. */
const AUTH_ACTIONS = /^(login|logout|unlock|session|two-factor|passkey|password)(\.|$)/;
const PAST: Record<string, string> = { create: 'created', update: 'updated', delete: 'deleted' };

/**
 * The event type of an audit record: `auth.<action>` for a sign-in event (`auth.login.failed`),
 * otherwise the entity with dots for dashes and the action in the past tense
 * (`application-client` `update` → `application.client.updated`, `user` `two-factor.reset` is
 * `auth.two-factor.reset`).
 */
export function eventTypeOf(entity: string, action: string): string {
  if (entity === 'user' && AUTH_ACTIONS.test(action)) return `auth.${action}`;
  return `${entity.replaceAll('-', '.')}.${PAST[action] ?? action}`;
}

/**
 * Whether an event type matches a webhook's pattern: the type itself, `*` for every event,
 * or a prefix ending in `.*` for every type under it (`user.*` matches `user.created` and
 * `user.password.change`, not `user` alone nor `users.created`).
 */
export function eventMatches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/**
 * The event types the console offers, with their groups' patterns. A webhook may name others
 * of the same shape (an action added later); these are the ones the form suggests.
 */
export const WEBHOOK_EVENT_TYPES = [
  'auth.login',
  'auth.login.failed',
  'auth.login.locked',
  'auth.logout',
  'auth.unlock',
  'auth.password.change',
  'auth.password.reset-by-link',
  'auth.session.revoke',
  'auth.two-factor.enable',
  'auth.two-factor.disable',
  'auth.two-factor.reset',
  'auth.passkey.register',
  'auth.passkey.rename',
  'auth.passkey.remove',
  'user.created',
  'user.updated',
  'user.deleted',
  'group.created',
  'group.updated',
  'group.deleted',
  'role.created',
  'role.updated',
  'role.deleted',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'product.created',
  'product.updated',
  'product.deleted',
  'application.created',
  'application.updated',
  'application.deleted',
  'application.client.created',
  'application.client.updated',
  'application.client.deleted',
  'application.client.secret.rotate',
  'permission.created',
  'permission.updated',
  'permission.deleted',
  'resource.created',
  'resource.updated',
  'resource.deleted',
  'data.access.created',
  'data.access.updated',
  'data.access.deleted',
  'dictionary.created',
  'dictionary.updated',
  'dictionary.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.disabled',
] as const;

export const WEBHOOK_MESSAGES = {
  eventPattern: m('webhook.eventPattern'),
  chooseEvents: m('webhook.chooseEvents'),
  url: m('webhook.url'),
  httpsOnly: m('webhook.httpsOnly'),
  privateTarget: m('webhook.privateTarget'),
  disabled: m('webhook.disabled'),
  disabledSubject: m('webhook.disabledSubject'),
  disabledBody: m('webhook.disabledBody'),
  notPending: m('webhook.notPending'),
} as const;

/** `user.*`, `role.updated`, `*`: lower-case dotted words, and at most one `*`, as the last word. */
const EVENT_PATTERN = /^(\*|[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)*(\.\*)?)$/;
export const eventPatternSchema = z
  .string()
  .trim()
  .max(100)
  .regex(EVENT_PATTERN, { error: WEBHOOK_MESSAGES.eventPattern.key });

/**
 * The target: an absolute http(s) URL without credentials. Whether plain http, or an address
 * in a private range, is allowed is the server's setting, checked when the webhook is saved
 * and again at every delivery (a name can change what it resolves to).
 */
export const webhookUrlSchema = requiredString(2000).refine(
  (v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  },
  { error: WEBHOOK_MESSAGES.url.key },
);

export const webhookSchema = z.object({
  webhookId: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  /** The application whose events this webhook hears; null: a platform webhook, every event. */
  applicationId: z.string().nullable(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  /** Why a disabled webhook is: `manual`, or `failing` after WEBHOOK_DISABLE_AFTER_DAYS of failures. */
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  /** Since when every delivery has failed; null once one succeeds. */
  failingSince: z.string().nullable(),
  /** Who created it: told when it is disabled for failing. */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdDate: z.string(),
  lastModifiedDate: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createWebhookSchema = z.object({
  name: requiredString(100),
  url: webhookUrlSchema,
  events: z
    .array(eventPatternSchema)
    .min(1, { error: WEBHOOK_MESSAGES.chooseEvents.key })
    .max(WEBHOOK_MAX_EVENTS)
    .refine((v) => new Set(v).size === v.length, { error: WEBHOOK_MESSAGES.eventPattern.key }),
  /** Set once, at creation: an application's webhook stays that application's. */
  applicationId: requiredString(100).nullish(),
  description: descriptionSchema,
  enabled: z.boolean().default(true),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** An update replaces the editable fields; the scope and the secret stay. */
export const updateWebhookSchema = createWebhookSchema.omit({ applicationId: true });
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

/** The answer to a creation and a rotation: the signing secret, shown this once (`whsec_…`). */
export const webhookSecretSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookListQuerySchema = pageQuerySchema.extend({
  keyword: optionalText(200),
  /** An application's webhooks; `platform=true` lists the platform webhooks (no application) alone. */
  applicationId: optionalText(100),
  platform: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type WebhookListQuery = z.infer<typeof webhookListQuerySchema>;
export const webhookPageSchema = pageSchema(webhookSchema);

export const webhookIdParamsSchema = z.object({ webhookId: z.uuid({ error: MESSAGES.required.key }) });
export const deliveryIdParamsSchema = webhookIdParamsSchema.extend({
  deliveryId: z.uuid({ error: MESSAGES.required.key }),
});

/** PENDING: not yet delivered (waiting for its first or next try); SUCCEEDED: a 2xx came back; FAILED: given up. */
export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  deliveryId: z.string(),
  webhookId: z.string(),
  /** The Standard Webhooks `webhook-id`: the same on every try and redelivery of one event. */
  messageId: z.string(),
  eventType: z.string(),
  /** The audit record of the event; null for a test event. */
  auditId: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  /** Tries made so far. */
  attempts: z.number().int(),
  /** The last try's HTTP status; null when none came back. */
  responseCode: z.number().int().nullable(),
  /** The last try's time to the answer, in milliseconds. */
  durationMs: z.number().int().nullable(),
  /** Why the last try failed, when no status explains it (`timeout`, `private address` …). */
  error: z.string().nullable(),
  /** When the next try is due; null once delivered or given up. */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdDate: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** One delivery in full: what was sent, and the start of what came back. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  /** The JSON body sent: `{ type, timestamp, data }`. */
  payload: z.unknown(),
  /** The first 2 KiB of the last answer's body. */
  responseBody: z.string().nullable(),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const deliveryListQuerySchema = pageQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
});
export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);
