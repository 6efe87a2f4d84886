import { z } from 'zod';
import { multi, optionalText } from './common.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { m } from './i18n/index.ts';
import { permissionIdForPath } from './navigation.ts';

/**
 * The audit trail: the records every change and sign-in writes (`audit_log`), read through
 * `GET /api/admin-service/v2/audit`, one record with its diff, and the streamed export.
 */

/**
 * The platform permission of the Audit Log area: `retrieve` reads the list and a record,
 * `export` the export (its actions, `actionsOf`, are these two). Limited to applications, each
 * reaches their records alone.
 */
export const AUDIT_PERMISSION_ID = permissionIdForPath('/admin-setting/audit-log');

/** The console setting's default: records older than this many days are purged daily. */
export const AUDIT_RETENTION_DAYS = 365;

/**
 * Beyond this many matching records the list stops counting: `totalElements` is then this
 * number and `totalExact` is false. Deep pages over more are read with `cursor`, which
 * counts nothing.
 */
export const AUDIT_COUNT_LIMIT = 10_000;

/**
 * The entities the audit records name, as the server writes them: each list of the console
 * names its records' entity to show a row's history, and the Audit Log offers them as a
 * filter. The server's audit writer takes only these (`AuditEntry` in lib/audit.ts).
 */
export const AUDIT_ENTITIES = [
  'application',
  'application-acl',
  'application-api',
  'application-client',
  'application-page',
  'audit',
  'console-settings',
  'data-access',
  'data-object',
  'data-set',
  'dictionary',
  'dictionary-item',
  'group',
  'identity-provider',
  'instance',
  'oidc-signing-key',
  'organization',
  'permission',
  'personal-access-token',
  'product',
  'resource',
  'role',
  'service-account',
  'user',
  'user-identity',
  'webhook',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** Every user-facing message of the audit area. */
export const AUDIT_MESSAGES = {
  invalidCursor: m('audit.invalidCursor'),
  invalidDateTime: m('audit.invalidDateTime'),
  fromAfterTo: m('audit.fromAfterTo'),
  chooseFormat: m('audit.chooseFormat'),
  retentionDays: m('audit.retentionDays'),
} as const;

// An empty search field means "no filter", as in every list.
const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** A point in time: an ISO 8601 date (midnight UTC) or a date and time with its offset. */
const instant = z.preprocess(
  blankAsUndefined,
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: AUDIT_MESSAGES.invalidDateTime.key })
    // ISO 8601 has a year 0000 (and an offset can reach it from 0001); PostgreSQL's calendar
    // does not, and would refuse the query.
    .refine((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getUTCFullYear() >= 1, {
      error: AUDIT_MESSAGES.invalidDateTime.key,
    })
    .optional(),
);

/** What the list, and the export, filter by. Any filter left out matches every record. */
export const auditFilterSchema = z.object({
  /** A user id or a username: records that user made. */
  actor: optionalText(100),
  /** Any of these actions (`login`, `login.failed`, `update` …). */
  action: multi(z.string().trim().min(1).max(100)),
  /** Any of these entities (`user`, `role`, `application-client` …). */
  entity: multi(z.string().trim().min(1).max(100)),
  /** The record changed: with `entity`, one record's history. */
  entityId: optionalText(200),
  applicationId: optionalText(100),
  /** At or after this instant. */
  from: instant,
  /** Before this instant; a date alone includes that whole day. */
  to: instant,
  requestId: optionalText(100),
  ip: optionalText(100),
  /** Part of the action, entity, record id, actor name or request id. */
  keyword: optionalText(200),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterSchema.extend({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /**
   * The `nextCursor` of the page before: the next `size` records after it, whatever `page`
   * says. Deep pages take this path, which costs the same at any depth.
   */
  cursor: z.preprocess(blankAsUndefined, z.string().max(100).optional()),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditExportQuerySchema = auditFilterSchema.extend({
  format: z.enum(AUDIT_EXPORT_FORMATS, { error: AUDIT_MESSAGES.chooseFormat.key }).default('csv'),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** One record as the list shows it. */
export const auditRecordSchema = z.object({
  /** The record's position in the trail: later records have greater ids. */
  auditId: z.string(),
  /** When the change's transaction started (ISO 8601, UTC). */
  at: z.string(),
  /** Null for what no signed-in user did (a failed sign-in, the first start). */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The application the changed record belongs to; null for platform-wide records. */
  applicationId: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  /**
   * The credential the actor used when it was not a console session: `pat:<tokenId>` for a
   * personal access token, `client:<client_id>` for a service account's client-credentials token.
   */
  via: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** One changed value: a dotted path into the record, and the value before and after. */
export const auditChangeSchema = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** One record in full: what it held before and after (secrets redacted), and their diff. */
export const auditDetailSchema = auditRecordSchema.extend({
  before: z.unknown(),
  after: z.unknown(),
  diff: z.array(auditChangeSchema),
  /** Whether the sealer has linked the record into the hash chain yet. */
  sealed: z.boolean(),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/**
 * A page of the list. A page asked by `page` counts the matches; a page asked by `cursor`
 * does not (the count would cost more than the page): its `totalElements` and `totalExact`
 * are null, and the client keeps those of the page it started from.
 */
export const auditPageSchema = z.object({
  content: z.array(auditRecordSchema),
  /** The matching records, counted up to AUDIT_COUNT_LIMIT; null on a `cursor` page. */
  totalElements: z.number().int().nullable(),
  /**
   * False when there are more than AUDIT_COUNT_LIMIT and `totalElements` stops there; null
   * on a `cursor` page.
   */
  totalExact: z.boolean().nullable(),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditIdParamsSchema = z.object({ auditId: z.string().regex(/^\d{1,18}$/) });
