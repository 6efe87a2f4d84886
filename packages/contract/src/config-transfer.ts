import { z } from 'zod';
import { ACTIONS, actionSchema, crudActionSchema } from './auth.ts';
import { createAppApiSchema, createAppPageSchema, objectFieldSchema } from './catalog.ts';
import {
  backchannelLogoutUriSchema,
  clientTypeSchema,
  redirectUrlSchema,
  webOriginsSchema,
} from './client.ts';
import { codeSchema, descriptionSchema, requiredString, statusSchema } from './common.ts';
import { m } from './i18n/index.ts';
import { permissionResourceTypeSchema } from './permission.ts';
import { createResourceSchema, resourceTypeSchema } from './resource.ts';
import { consoleSettingsSchema, DEFAULT_CONSOLE_SETTINGS } from './settings.ts';

/**
 * Configuration as a document (issue 29): an application's whole configuration, or the
 * instance's, to move from one Gatehouse to another. Records name each other by the codes
 * users choose (a permission's `id`, a role's `code`, a client's `client`), never by record
 * keys, which differ between instances. Secrets never leave: clients carry no secret, users
 * no password hash unless the export asks for them.
 */

export const CONFIG_FORMATS = {
  application: 'gatehouse.application',
  instance: 'gatehouse.instance',
} as const;
export const CONFIG_VERSION = 1;

/**
 * How large a document import takes: 100,000 data accesses are some 10 MB of JSON, and an
 * instance holds several applications.
 */
export const CONFIG_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
const MANY = 1_000_000;

export const CONFIG_TRANSFER_MESSAGES = {
  applicationMismatch: (documentId: string, targetId: string) =>
    m('transfer.applicationMismatch', { documentId, targetId }),
  platformApplication: m('transfer.platformApplication'),
  clientTaken: (owner: string) => m('transfer.clientTaken', { owner }),
  builtinRole: m('transfer.builtinRole'),
  unknownSubject: (name: string) => m('transfer.unknownSubject', { name }),
  missingPermission: (id: string) => m('transfer.missing.permission', { id }),
  missingResource: (id: string) => m('transfer.missing.resource', { id }),
  missingObject: (id: string) => m('transfer.missing.object', { id }),
  missingSet: (id: string) => m('transfer.missing.set', { id }),
  missingRole: (id: string) => m('transfer.missing.role', { id }),
  duplicate: (id: string) => m('transfer.duplicate', { id }),
  resourceCycle: m('transfer.resourceCycle'),
  needsGrant: (action: string, area: string) => m('transfer.needsGrant', { action, area }),
  needsRead: (areas: readonly string[]) => m('transfer.needsRead', { areas }),
  secretNeeded: m('transfer.secretNeeded'),
  unknownProduct: (code: string) => m('transfer.unknownProduct', { code }),
  conflicts: m('transfer.conflicts'),
  administratorOnly: m('transfer.administratorOnly'),
  noPassword: m('transfer.noPassword'),
  passwordHashes: m('transfer.passwordHashes'),
  missingGroup: (id: string) => m('transfer.missing.group', { id }),
  missingOrganization: (id: string) => m('transfer.missing.organization', { id }),
  organizationCycle: m('transfer.organizationCycle'),
} as const;

// ---- an application ---------------------------------------------------------------------------

const name = requiredString(200);
const codes = (max = 1000) => z.array(codeSchema).max(max);

export const transferApplicationSchema = z.strictObject({
  applicationId: codeSchema,
  name,
  description: descriptionSchema,
  /** The product's code; a product the target lacks leaves the application without one. */
  product: codeSchema.nullable(),
  status: statusSchema,
  openToAllUsers: z.boolean(),
});

export const transferDataAccessSchema = z.strictObject({
  id: codeSchema,
  name,
  category: requiredString(100),
  /** An object of the document by code, and optionally one of its sets. */
  object: codeSchema.nullable(),
  set: codeSchema.nullable(),
});

export const transferPermissionSchema = z.strictObject({
  id: codeSchema,
  name,
  resourceType: permissionResourceTypeSchema,
});

export const transferResourceSchema = z.strictObject({
  id: codeSchema,
  name,
  type: resourceTypeSchema,
  url: createResourceSchema.shape.url,
  order: z.number().int().min(0).max(1_000_000),
  status: statusSchema,
  /** The parent's `id` in the document; null at the root (a category). */
  parent: codeSchema.nullable(),
  icon: z.string().trim().max(100).nullable(),
  hidden: z.boolean(),
  keepAlive: z.boolean(),
});

/** An OAuth client without its secret: a confidential one imported new needs a rotation. */
export const transferClientSchema = z.strictObject({
  client: requiredString(200),
  id: requiredString(100),
  clientName: name,
  clientType: clientTypeSchema,
  redirectUrl: redirectUrlSchema,
  /** Left out (a document from before the field), the client has none beside its redirect URIs'. */
  webOrigins: webOriginsSchema.default([]),
  /**
   * Where the client is told of a logout (Back-Channel Logout 1.0). Left out (a document from
   * before the field) or empty, the client has none; the server checks it may send there.
   */
  backchannelLogoutUri: backchannelLogoutUriSchema.default(null),
  /** Whether the logout token carries the session's `sid`; left out, false. */
  backchannelLogoutSessionRequired: z.boolean().default(false),
  status: statusSchema,
});

export const TRANSFER_SUBJECT_TYPES = ['USER', 'GROUP', 'ROLE', 'CLIENT'] as const;

/** An access-control entry: the subject by username, group or role code, or client id. */
export const transferAclSchema = z.strictObject({
  subjectType: z.enum(TRANSFER_SUBJECT_TYPES),
  subject: requiredString(200),
  targetType: z.enum(['PERMISSION', 'RESOURCE']),
  /** A permission's or a resource's `id` in the document. */
  target: codeSchema,
  actions: z.array(crudActionSchema).min(1, { error: 'field.actions' }).max(4),
  status: statusSchema,
});

export const transferApiSchema = z.strictObject({
  method: createAppApiSchema.shape.method,
  pathPattern: createAppApiSchema.shape.pathPattern,
  description: descriptionSchema,
  status: statusSchema,
  /** Permission `id`s of the document. */
  permissions: codes(100),
});

export const transferPageSchema = z.strictObject({
  route: createAppPageSchema.shape.route,
  name,
  order: z.number().int().min(0).max(100_000),
  status: statusSchema,
  elements: z.array(z.strictObject({ code: codeSchema, name, roles: codes(100) })).max(1000),
});

export const transferObjectSchema = z.strictObject({
  code: codeSchema,
  name,
  description: descriptionSchema,
  fields: z.array(objectFieldSchema).max(100),
  sets: z
    .array(z.strictObject({ code: codeSchema, name, members: z.array(requiredString(200)).max(1000) }))
    .max(10_000),
});

export const transferDictionarySchema = z.strictObject({
  code: codeSchema,
  name,
  description: descriptionSchema,
  allowCustom: z.boolean(),
  status: statusSchema,
  items: z
    .array(
      z.strictObject({
        code: codeSchema,
        labelEn: name,
        labelZh: name,
        order: z.number().int().min(0).max(100_000),
        status: statusSchema,
      }),
    )
    .max(10_000),
});

/**
 * A role with its grants in the application: its permissions by `id` with their actions and
 * its resources by `id`. Roles are shared by every application, so an import changes only
 * these grants of a role, and its name, description and status.
 */
export const transferRoleSchema = z.strictObject({
  code: codeSchema,
  name,
  description: descriptionSchema,
  status: statusSchema,
  permissions: z
    .array(
      z.strictObject({ permissionId: codeSchema, actions: z.array(actionSchema).min(1).max(ACTIONS.length) }),
    )
    .max(MANY),
  resources: codes(MANY),
});

/** An application's configuration, without the document's envelope. */
export const applicationConfigSchema = z.strictObject({
  application: transferApplicationSchema,
  dataAccesses: z.array(transferDataAccessSchema).max(MANY),
  permissions: z.array(transferPermissionSchema).max(MANY),
  resources: z.array(transferResourceSchema).max(MANY),
  clients: z.array(transferClientSchema).max(10_000),
  acl: z.array(transferAclSchema).max(MANY),
  apis: z.array(transferApiSchema).max(MANY),
  pages: z.array(transferPageSchema).max(MANY),
  objects: z.array(transferObjectSchema).max(MANY),
  dictionaries: z.array(transferDictionarySchema).max(10_000),
  roles: z.array(transferRoleSchema).max(10_000),
});
export type ApplicationConfig = z.infer<typeof applicationConfigSchema>;

export const applicationDocumentSchema = applicationConfigSchema.extend({
  format: z.literal(CONFIG_FORMATS.application),
  version: z.literal(CONFIG_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
});
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

// ---- what an import would do --------------------------------------------------------------------

export const TRANSFER_KINDS = [
  'settings',
  'product',
  'organization',
  'role',
  'group',
  'user',
  'application',
  'permission',
  'resource',
  'object',
  'set',
  'dataAccess',
  'client',
  'acl',
  'api',
  'page',
  'dictionary',
] as const;
export const transferKindSchema = z.enum(TRANSFER_KINDS);
export type TransferKind = z.infer<typeof transferKindSchema>;

/** A conflict or a warning: which record, and why, as a message (key, parameters, English). */
export const transferNoticeSchema = z.object({
  kind: transferKindSchema,
  /** The application, for an instance import; absent for the instance's own records. */
  applicationId: z.string().optional(),
  id: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string(),
});
export type TransferNotice = z.infer<typeof transferNoticeSchema>;

export const transferChangesSchema = z.object({
  kind: transferKindSchema,
  applicationId: z.string().optional(),
  create: z.array(z.string()),
  update: z.array(z.string()),
  delete: z.array(z.string()),
});
export type TransferChanges = z.infer<typeof transferChangesSchema>;

/**
 * The preview of an import, and the answer of an applied one: per kind the records it
 * creates, updates and deletes (by their codes), what stops it (conflicts) and what it does
 * not do for you (warnings: a confidential client without a secret, say).
 */
export const importPreviewSchema = z.object({
  format: z.enum([CONFIG_FORMATS.application, CONFIG_FORMATS.instance]),
  changes: z.array(transferChangesSchema),
  conflicts: z.array(transferNoticeSchema),
  warnings: z.array(transferNoticeSchema),
  /** No conflict: the import can be applied. */
  applicable: z.boolean(),
  /** True once applied. */
  applied: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

// ---- the whole instance -----------------------------------------------------------------------

export const transferProductSchema = z.strictObject({
  code: codeSchema,
  name,
  description: descriptionSchema,
  owner: requiredString(200).nullable(),
  status: statusSchema,
});

/** An organization, its parent by code; null at the root. */
export const transferOrganizationSchema = z.strictObject({
  code: codeSchema,
  name,
  description: descriptionSchema,
  status: statusSchema,
  parent: codeSchema.nullable(),
});

/**
 * A role as the instance has it: what it grants on the platform (console areas with their
 * actions and, for delegated administration, their applications; the console's menus and
 * elements by id). Its grants in each application travel in that application's `roles`.
 */
export const transferInstanceRoleSchema = z.strictObject({
  code: codeSchema,
  name,
  description: descriptionSchema,
  status: statusSchema,
  /** Absent in a document written before roles could require it: false. */
  requireTwoFactor: z.boolean().default(false),
  platform: z.strictObject({
    permissions: z
      .array(
        z.strictObject({
          permissionId: requiredString(200),
          actions: z.array(actionSchema).min(1).max(ACTIONS.length),
          applicationIds: z.array(codeSchema).max(100).nullable(),
        }),
      )
      .max(1000),
    resources: codes(10_000),
  }),
});

export const transferGroupSchema = z.strictObject({
  code: codeSchema,
  name,
  description: descriptionSchema,
  status: statusSchema,
  roles: codes(1000),
});

/**
 * A user, without the password hash unless the export asked for it. Roles and groups by code,
 * the organization by code. Two-factor secrets never travel: a user enrols again.
 */
export const transferUserSchema = z.strictObject({
  username: requiredString(100),
  name,
  email: z.string().trim().max(200).nullable(),
  phone: z.string().trim().max(50).nullable(),
  avatar: z.string().trim().max(2000).nullable(),
  status: statusSchema,
  organization: codeSchema.nullable(),
  mustChangePassword: z.boolean(),
  language: z.enum(['en', 'zh']).nullable(),
  theme: z.enum(['light', 'dark']).nullable(),
  roles: codes(1000),
  groups: codes(1000),
  passwordHash: z.string().min(1).max(1000).optional(),
});

export const instanceDocumentSchema = z.strictObject({
  format: z.literal(CONFIG_FORMATS.instance),
  version: z.literal(CONFIG_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  /** Whether the users carry their password hashes: the export was asked for them. */
  passwordHashes: z.boolean(),
  /** A document written before the password policy became settings lacks those: the defaults. */
  settings: consoleSettingsSchema.extend({
    passwordMinLength: consoleSettingsSchema.shape.passwordMinLength.default(
      DEFAULT_CONSOLE_SETTINGS.passwordMinLength,
    ),
    passwordHistoryCount: consoleSettingsSchema.shape.passwordHistoryCount.default(
      DEFAULT_CONSOLE_SETTINGS.passwordHistoryCount,
    ),
    passwordCommonCheck: consoleSettingsSchema.shape.passwordCommonCheck.default(
      DEFAULT_CONSOLE_SETTINGS.passwordCommonCheck,
    ),
  }),
  products: z.array(transferProductSchema).max(10_000),
  organizations: z.array(transferOrganizationSchema).max(MANY),
  roles: z.array(transferInstanceRoleSchema).max(10_000),
  groups: z.array(transferGroupSchema).max(MANY),
  users: z.array(transferUserSchema).max(MANY),
  /** Every application but the built-in platform, each as an application document holds it. */
  applications: z.array(applicationConfigSchema).max(10_000),
});
export type InstanceDocument = z.infer<typeof instanceDocumentSchema>;

export const instanceExportQuerySchema = z.object({
  /** Include the users' password hashes: anyone with the file can then try to crack them. */
  passwordHashes: z.enum(['true', 'false']).optional(),
});
