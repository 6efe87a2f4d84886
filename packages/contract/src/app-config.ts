import { z } from 'zod';
import { pageQuerySchema, requiredString, statusSchema } from './common.ts';
import { MESSAGES } from './messages.ts';

/**
 * App configuration (spec §2, §3, §5, §7): applications and, per application, data
 * accesses, permissions, resources and OAuth clients. Legacy endpoints keep the exact
 * paths and envelopes of spec §7; the v2 ones use `{ content, totalElements }`.
 */

/** Codes users choose (`id` fields): letters, digits and `-_.:`; unique within an application. */
export const codeSchema = requiredString(100).regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, {
  error: 'Use letters, digits and - _ . : only, starting with a letter or digit',
});
export const applicationIdSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(100);

/** Search parameters shared by the lists: `keyword` matches any text field (the "All" choice). */
// An empty search field (the console's cleared date picker) means "no filter", not an error.
const dateParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^\d{4}\/\d{2}\/\d{2}$/, { error: 'Use the format YYYY/MM/DD' })
    .optional(),
);
const multi = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(20).optional());
const searchBase = pageQuerySchema.extend({
  keyword: z.string().trim().max(200).optional(),
  /** Created on or after this day (YYYY/MM/DD, UTC). */
  createdFrom: dateParam,
  /** Created on or before this day (YYYY/MM/DD, UTC). */
  createdTo: dateParam,
});
const timestamps = { createdDate: z.string(), lastModifiedDate: z.string() };

/**
 * The fields each list may be sorted by, as `sort=<field>,<asc|desc>` (default
 * `createdDate,desc`). Anything else is a 400 on `sort`.
 */
export const SORT_FIELDS = {
  application: ['createdDate', 'lastModifiedDate', 'name', 'applicationId'],
  dataAccess: ['createdDate', 'lastModifiedDate', 'name', 'id', 'category'],
  permission: ['createdDate', 'lastModifiedDate', 'name', 'id'],
  resource: ['createdDate', 'lastModifiedDate', 'name', 'id', 'order'],
  client: ['createdDate', 'lastModifiedDate', 'clientName', 'name', 'id'],
} as const;

/** Field messages of the app-configuration rules the server enforces beyond "required". */
export const APP_CONFIG_MESSAGES = {
  duplicateApplicationId: 'This application ID is already used.',
  reservedApplicationId: 'This ID is reserved.',
  unknownProduct: 'This product does not exist.',
  invalidSort: 'Sort by one of the listed fields, as field,asc or field,desc.',
  invalidDate: 'Use the format YYYY/MM/DD',
  movedApplication: 'A record cannot move to another application.',
  categoryAtRoot: 'A category sits at the root and has no parent.',
  parentRequired: 'A menu or an element needs a parent.',
  parentNotFound: 'The parent does not exist in this application.',
  menuParent: 'A menu sits under a category or a menu.',
  elementParent: 'An element sits under a menu.',
  parentIsSelf: 'A resource cannot sit under itself or its own descendants.',
  categoryNoUrl: 'A category has no URL.',
  childrenForbidType: 'The existing children cannot sit under this type.',
} as const;

// ---- Applications (v2) ----
export const applicationSchema = z.object({
  applicationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  productId: z.string().nullable(),
  status: statusSchema,
  builtin: z.boolean(),
  ...timestamps,
});
export type Application = z.infer<typeof applicationSchema>;
export const createApplicationSchema = z.object({
  applicationId: codeSchema,
  name: requiredString(200),
  description: z.string().trim().max(2000).nullish(),
  productId: z.string().trim().max(100).nullish(),
});
export type CreateApplication = z.infer<typeof createApplicationSchema>;
export const applicationListQuerySchema = searchBase.extend({
  applicationId: z.string().trim().max(100).optional(),
  name: z.string().trim().max(200).optional(),
  status: multi(statusSchema),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

// ---- Data accesses (legacy) ----
export const dataAccessSchema = z.object({
  resourceId: z.string(),
  name: z.string(),
  id: z.string(),
  category: z.string(),
  applicationId: z.string(),
  ...timestamps,
});
export type DataAccess = z.infer<typeof dataAccessSchema>;
export const createDataAccessSchema = z.object({
  name: requiredString(200),
  id: codeSchema,
  category: requiredString(100),
  applicationId: applicationIdSchema,
});
export type CreateDataAccess = z.infer<typeof createDataAccessSchema>;
export const updateDataAccessSchema = createDataAccessSchema.extend({
  resourceId: z.uuid({ error: MESSAGES.required }),
});
export type UpdateDataAccess = z.infer<typeof updateDataAccessSchema>;
export const dataAccessListQuerySchema = searchBase.extend({
  applicationId: applicationIdSchema,
  name: z.string().trim().max(200).optional(),
  id: z.string().trim().max(100).optional(),
  category: multi(z.string().max(100)),
});
export type DataAccessListQuery = z.infer<typeof dataAccessListQuerySchema>;
/** The distinct categories of an application: the options of the category multi-select. */
export const dataAccessCategoriesQuerySchema = z.object({ applicationId: applicationIdSchema });
export const dataAccessCategoriesSchema = z.array(z.string());

// ---- Permissions (legacy) ----
export const RESOURCE_TYPES_FOR_PERMISSION = ['API'] as const;
export const permissionResourceTypeSchema = z.enum(RESOURCE_TYPES_FOR_PERMISSION, {
  error: MESSAGES.required,
});
export const permissionSchema = z.object({
  resourceId: z.string(),
  name: z.string(),
  id: z.string(),
  resourceType: permissionResourceTypeSchema,
  applicationId: z.string(),
  ...timestamps,
});
export type Permission = z.infer<typeof permissionSchema>;
export const createPermissionSchema = z.object({
  name: requiredString(200),
  id: codeSchema,
  resourceType: permissionResourceTypeSchema,
  applicationId: applicationIdSchema,
});
export type CreatePermission = z.infer<typeof createPermissionSchema>;
export const updatePermissionSchema = createPermissionSchema.extend({
  resourceId: z.uuid({ error: MESSAGES.required }),
});
export type UpdatePermission = z.infer<typeof updatePermissionSchema>;
export const permissionListQuerySchema = searchBase.extend({
  applicationId: applicationIdSchema,
  name: z.string().trim().max(200).optional(),
  id: z.string().trim().max(100).optional(),
  resourceType: multi(permissionResourceTypeSchema),
});
export type PermissionListQuery = z.infer<typeof permissionListQuerySchema>;

// ---- Resources (legacy) ----
export const RESOURCE_TYPES = ['CATEGORY', 'MENU', 'ELEMENT'] as const;
export const resourceTypeSchema = z.enum(RESOURCE_TYPES, { error: MESSAGES.required });
export type ResourceType = z.infer<typeof resourceTypeSchema>;
/** Which parent type each type may sit under (spec §4); null is the root. */
export const RESOURCE_PARENT_RULES: Record<ResourceType, (ResourceType | null)[]> = {
  CATEGORY: [null],
  MENU: ['CATEGORY', 'MENU'],
  ELEMENT: ['MENU'],
};
export const RESOURCE_FORM_MODES = [
  'CREATE_CATEGORY',
  'CREATE_MENU',
  'CREATE_ELEMENT',
  'EDIT',
  'DETAIL',
] as const;
export type ResourceFormMode = (typeof RESOURCE_FORM_MODES)[number];
export const resourceSchema = z.object({
  resourceId: z.string(),
  name: z.string(),
  id: z.string(),
  type: resourceTypeSchema,
  url: z.string().nullable(),
  order: z.number().int(),
  status: statusSchema,
  applicationId: z.string(),
  parentId: z.string().nullable(),
  /** How many direct children the node has, so the tree shows an expander only where useful. */
  childCount: z.number().int(),
  ...timestamps,
});
export type Resource = z.infer<typeof resourceSchema>;
export const createResourceSchema = z.object({
  name: requiredString(200),
  id: codeSchema,
  type: resourceTypeSchema,
  url: z.string().trim().max(2000).nullish(),
  // null and '' would coerce to 0; a cleared field is a missing one.
  order: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.coerce.number({ error: MESSAGES.required }).int().min(0).max(1_000_000),
  ),
  status: statusSchema,
  applicationId: applicationIdSchema,
  parentId: z.uuid().nullish(),
});
export type CreateResource = z.infer<typeof createResourceSchema>;
export const updateResourceSchema = createResourceSchema.extend({
  resourceId: z.uuid({ error: MESSAGES.required }),
});
export type UpdateResource = z.infer<typeof updateResourceSchema>;
export const resourceListQuerySchema = searchBase.extend({
  applicationId: applicationIdSchema,
  name: z.string().trim().max(200).optional(),
  id: z.string().trim().max(100).optional(),
  type: multi(resourceTypeSchema),
  status: multi(statusSchema),
});
export type ResourceListQuery = z.infer<typeof resourceListQuerySchema>;

// ---- Application clients ----
export const clientSchema = z.object({
  acId: z.string(),
  clientName: z.string(),
  /** The OAuth client_id. */
  client: z.string(),
  /** The registration id. */
  id: z.string(),
  redirectUrl: z.string().nullable(),
  /** ENABLED or DISABLED; the console shows any other value with a neutral tag. */
  status: z.string(),
  applicationId: z.string(),
  ...timestamps,
});
export type Client = z.infer<typeof clientSchema>;
/** Only the create response carries the secret; it is never returned again. */
export const createdClientSchema = clientSchema.extend({ secret: z.string() });
export type CreatedClient = z.infer<typeof createdClientSchema>;
const redirectUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { error: 'Enter a valid http(s) URL' })
  .nullish();
export const createClientSchema = z.object({
  clientName: requiredString(200),
  redirectUrl: redirectUrlSchema,
  status: statusSchema.default('ENABLED'),
  applicationId: applicationIdSchema,
});
export type CreateClient = z.infer<typeof createClientSchema>;
export const updateClientSchema = z.object({
  acId: z.uuid({ error: MESSAGES.required }),
  clientName: requiredString(200),
  redirectUrl: redirectUrlSchema,
  status: statusSchema.optional(),
});
export type UpdateClient = z.infer<typeof updateClientSchema>;
export const updateClientStatusSchema = z.object({
  acId: z.uuid({ error: MESSAGES.required }),
  status: statusSchema,
});
export type UpdateClientStatus = z.infer<typeof updateClientStatusSchema>;
export const clientListQuerySchema = searchBase.extend({
  applicationId: applicationIdSchema,
  clientName: z.string().trim().max(200).optional(),
  client: z.string().trim().max(200).optional(),
  status: multi(statusSchema),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
/** The legacy client list envelope of spec §3. */
export const legacyClientListSchema = z.object({
  applicationClientList: z.array(clientSchema),
  total: z.number().int(),
});

/** Confirm prompts of spec §8. */
export function toggleConfirmText(
  next: 'ENABLED' | 'DISABLED',
  what: 'client' | 'category' | 'menu' | 'element',
): string {
  const verb = next === 'ENABLED' ? 'Enable' : 'Disable';
  return what === 'client' ? `${verb} this client?` : `${verb} this ${what} ?`;
}
