import { z } from 'zod';
import { crudActionSchema } from './auth.ts';
import {
  applicationIdSchema,
  codeSchema,
  descriptionSchema,
  multi,
  optionalText,
  requiredString,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';
import { type MessageKey, m } from './i18n/index.ts';
import { IDENTITY_MESSAGES, MESSAGES } from './messages.ts';

/**
 * The v2 catalogue of spec §7: products, and an application's access-control entries, HTTP
 * APIs, pages with their elements, data objects and sets of their instances.
 */

export const CATALOG_MESSAGES = {
  duplicateApi: m('catalog.duplicateApi'),
  duplicateRoute: m('catalog.duplicateRoute'),
  duplicateAcl: m('catalog.duplicateAcl'),
  duplicateField: m('catalog.duplicateField'),
  unknownSubject: m('catalog.unknownSubject'),
  unknownTarget: m('catalog.unknownTarget'),
  unknownPermission: m('catalog.unknownPermission'),
  unknownObject: m('catalog.unknownObject'),
  unknownSet: m('catalog.unknownSet'),
  routeFormat: m('catalog.routeFormat'),
  pathFormat: m('catalog.pathFormat'),
  builtinApplication: m('catalog.builtinApplication'),
  controlCharacters: MESSAGES.controlCharacters,
  duplicateCode: IDENTITY_MESSAGES.duplicateCode,
  unknownRole: IDENTITY_MESSAGES.unknownRole,
  /** A record others still use: "Used by 2 applications: a, b". */
  usedBy: (count: number, noun: UsedByNoun, names: readonly string[]) =>
    m('catalog.usedBy', {
      what: m(USED_BY_KEYS[noun][count === 1 ? 0 : 1], { count }),
      names: count > names.length ? [...names, '…'] : names,
    }),
} as const;

/** What still uses a record, in the singular and the plural. */
const USED_BY_KEYS = {
  application: ['used.application', 'used.applications'],
  element: ['used.element', 'used.elements'],
  set: ['used.set', 'used.sets'],
  page: ['used.page', 'used.pages'],
  object: ['used.object', 'used.objects'],
  dataAccess: ['used.dataAccess', 'used.dataAccesses'],
  client: ['used.client', 'used.clients'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey]>;
export type UsedByNoun = keyof typeof USED_BY_KEYS;

/** A required one-line text: trimmed, not empty, no control characters. */
export function plainText(max = 200) {
  return requiredString(max);
}

const code = codeSchema;
const recordKey = z.uuid({ error: MESSAGES.required.key });
const text = optionalText(200);

// ---- product ---------------------------------------------------------------------------------

/** A product: a named group of applications (an application names it by `productId`). */
export const productSchema = z.object({
  productId: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  owner: z.string().nullable(),
  status: statusSchema,
  /** The applications that name it. */
  applicationCount: z.number().int(),
  ...timestamps,
});
export type Product = z.infer<typeof productSchema>;
export const createProductSchema = z.object({
  name: plainText(200),
  code,
  description: descriptionSchema,
  owner: plainText(200).nullish(),
});
export type CreateProduct = z.infer<typeof createProductSchema>;
/** `PUT /v2/product`: the whole product; disabling one that applications use is refused (409). */
export const updateProductSchema = createProductSchema.extend({
  productId: recordKey,
  status: statusSchema.optional(),
});
export type UpdateProduct = z.infer<typeof updateProductSchema>;
export const productListQuerySchema = searchQuerySchema.extend({
  name: text,
  code: text,
  owner: text,
  status: multi(statusSchema),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

// ---- application/acl -------------------------------------------------------------------------

export const ACL_SUBJECT_TYPES = ['USER', 'GROUP', 'ROLE', 'CLIENT'] as const;
export const ACL_TARGET_TYPES = ['PERMISSION', 'RESOURCE'] as const;
export const aclSubjectTypeSchema = z.enum(ACL_SUBJECT_TYPES, { error: MESSAGES.required.key });
export const aclTargetTypeSchema = z.enum(ACL_TARGET_TYPES, { error: MESSAGES.required.key });

/**
 * An access-control entry of an application: the subject (a user, group, role or client, by
 * record key) may take `actions` on the target (a permission or resource of the application,
 * by record key) while the entry is enabled.
 */
export const aclSchema = z.object({
  aclId: z.string(),
  applicationId: z.string(),
  subjectType: aclSubjectTypeSchema,
  subjectId: z.string(),
  targetType: aclTargetTypeSchema,
  targetId: z.string(),
  /** The four of spec §6: an application's permissions offer no others. */
  actions: z.array(crudActionSchema),
  status: statusSchema,
  ...timestamps,
});
export type Acl = z.infer<typeof aclSchema>;
export const createAclSchema = z.object({
  applicationId: applicationIdSchema,
  subjectType: aclSubjectTypeSchema,
  subjectId: recordKey,
  targetType: aclTargetTypeSchema,
  targetId: recordKey,
  actions: z
    .array(crudActionSchema, { error: MESSAGES.required.key })
    .min(1, { error: MESSAGES.required.key })
    .max(4),
  status: statusSchema.optional(),
});
export type CreateAcl = z.infer<typeof createAclSchema>;
export const updateAclSchema = createAclSchema.extend({ aclId: recordKey });
export type UpdateAcl = z.infer<typeof updateAclSchema>;
export const aclListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  subjectType: multi(aclSubjectTypeSchema),
  subjectId: z.string().trim().max(100).optional(),
  targetType: multi(aclTargetTypeSchema),
  targetId: z.string().trim().max(100).optional(),
  status: multi(statusSchema),
});
export type AclListQuery = z.infer<typeof aclListQuerySchema>;

// ---- application/api -------------------------------------------------------------------------

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const httpMethodSchema = z.enum(HTTP_METHODS, { error: MESSAGES.required.key });

/** An HTTP API of an application, and the permissions (of type API) that protect it. */
export const appApiSchema = z.object({
  apiId: z.string(),
  applicationId: z.string(),
  method: httpMethodSchema,
  pathPattern: z.string(),
  description: z.string().nullable(),
  status: statusSchema,
  /** Record keys (`resourceId`) of the application's permissions. */
  permissionIds: z.array(z.string()),
  ...timestamps,
});
export type AppApi = z.infer<typeof appApiSchema>;
export const createAppApiSchema = z.object({
  applicationId: applicationIdSchema,
  method: httpMethodSchema,
  pathPattern: plainText(500).refine((v) => v.startsWith('/'), { error: CATALOG_MESSAGES.pathFormat.key }),
  description: descriptionSchema,
  status: statusSchema.optional(),
  permissionIds: z.array(recordKey).max(100).optional(),
});
export type CreateAppApi = z.infer<typeof createAppApiSchema>;
export const updateAppApiSchema = createAppApiSchema.extend({ apiId: recordKey });
export type UpdateAppApi = z.infer<typeof updateAppApiSchema>;
export const appApiListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  method: multi(httpMethodSchema),
  pathPattern: text,
  status: multi(statusSchema),
  /** APIs a permission protects. */
  permissionId: z.string().trim().max(100).optional(),
});
export type AppApiListQuery = z.infer<typeof appApiListQuerySchema>;

// ---- application/pages and their elements ----------------------------------------------------

/** A button of a page; shown to the holders of `roleIds` (the OIDC `elements` claim). */
export const pageElementSchema = z.object({
  elementId: z.string(),
  code: z.string(),
  name: z.string(),
  roleIds: z.array(z.string()),
});
export type PageElement = z.infer<typeof pageElementSchema>;
export const createPageElementSchema = z.object({
  code,
  name: plainText(200),
  roleIds: z.array(recordKey).max(100).optional(),
});
export type CreatePageElement = z.infer<typeof createPageElementSchema>;

/** A page of an application (flat, beside the resource tree), with its elements. */
export const appPageSchema = z.object({
  pageId: z.string(),
  applicationId: z.string(),
  name: z.string(),
  route: z.string(),
  order: z.number().int(),
  status: statusSchema,
  elements: z.array(pageElementSchema),
  ...timestamps,
});
export type AppPage = z.infer<typeof appPageSchema>;
export const createAppPageSchema = z.object({
  applicationId: applicationIdSchema,
  name: plainText(200),
  route: plainText(500).refine((v) => v.startsWith('/'), { error: CATALOG_MESSAGES.routeFormat.key }),
  order: z.coerce.number({ error: MESSAGES.required.key }).int().min(0).max(100_000).default(1),
  status: statusSchema.optional(),
});
export type CreateAppPage = z.infer<typeof createAppPageSchema>;
/** `PUT /v2/application/pages/{id}`: the key is in the path. */
export const updateAppPageSchema = createAppPageSchema;
export type UpdateAppPage = z.infer<typeof updateAppPageSchema>;
export const appPageListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  name: text,
  route: text,
  status: multi(statusSchema),
});
export type AppPageListQuery = z.infer<typeof appPageListQuerySchema>;

// ---- object and set --------------------------------------------------------------------------

export const OBJECT_FIELD_TYPES = ['STRING', 'NUMBER', 'BOOLEAN', 'DATE'] as const;
export const objectFieldSchema = z.object({
  name: codeSchema,
  type: z.enum(OBJECT_FIELD_TYPES, { error: MESSAGES.required.key }),
  required: z.boolean().default(false),
});
export type ObjectField = z.infer<typeof objectFieldSchema>;

/** A data object type of an application; data accesses and sets are about its instances. */
export const dataObjectSchema = z.object({
  objectId: z.string(),
  applicationId: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  fields: z.array(objectFieldSchema),
  ...timestamps,
});
export type DataObject = z.infer<typeof dataObjectSchema>;
export const createDataObjectSchema = z.object({
  applicationId: applicationIdSchema,
  name: plainText(200),
  code,
  description: descriptionSchema,
  fields: z
    .array(objectFieldSchema)
    .max(100)
    .default([])
    .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, {
      error: CATALOG_MESSAGES.duplicateField.key,
    }),
});
export type CreateDataObject = z.infer<typeof createDataObjectSchema>;
export const updateDataObjectSchema = createDataObjectSchema.extend({ objectId: recordKey });
export type UpdateDataObject = z.infer<typeof updateDataObjectSchema>;
export const dataObjectListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  name: text,
  code: text,
});
export type DataObjectListQuery = z.infer<typeof dataObjectListQuerySchema>;

/** A named set of instances of one object (the instances by their ids in that application). */
export const dataSetSchema = z.object({
  setId: z.string(),
  applicationId: z.string(),
  objectId: z.string(),
  name: z.string(),
  code: z.string(),
  members: z.array(z.string()),
  ...timestamps,
});
export type DataSet = z.infer<typeof dataSetSchema>;
export const createDataSetSchema = z.object({
  applicationId: applicationIdSchema,
  objectId: recordKey,
  name: plainText(200),
  code,
  members: z.array(plainText(200)).max(1000).default([]),
});
export type CreateDataSet = z.infer<typeof createDataSetSchema>;
export const updateDataSetSchema = createDataSetSchema.extend({ setId: recordKey });
export type UpdateDataSet = z.infer<typeof updateDataSetSchema>;
export const dataSetListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  objectId: z.string().trim().max(100).optional(),
  name: text,
  code: text,
  /** Sets that hold this instance. */
  member: text,
});
export type DataSetListQuery = z.infer<typeof dataSetListQuerySchema>;
