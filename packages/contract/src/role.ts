import { z } from 'zod';
import { ACTIONS, actionSchema } from './auth.ts';
import {
  applicationIdSchema,
  codeSchema,
  multi,
  requiredString,
  searchQuerySchema,
  statusSchema,
  timestamps,
} from './common.ts';
import { MESSAGES } from './messages.ts';

/**
 * Roles (v2 `role`). A role grants permissions of any application, each with its actions,
 * and resources (categories, menus, elements) of any application. For the `platform`
 * application a permission is the dotted area id its routes check, e.g. `app-config.client`.
 */

export const roleSchema = z.object({
  roleId: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  status: statusSchema,
  /** The built-in Administrator role: it holds everything and cannot be edited or deleted. */
  builtin: z.boolean(),
  /** Its holders must sign in with a second factor: one who has none sets it up at the next sign-in. */
  requireTwoFactor: z.boolean(),
  ...timestamps,
  /** In a list or a read: whether the caller may change the role (its grants lie within their applications). */
  manageable: z.boolean().optional(),
  /** In a list or a read: whether the caller may hand the role out (they hold all it grants). */
  assignable: z.boolean().optional(),
  /** In a list or a read: whether the caller holds the role, whose grants they may then only narrow. */
  held: z.boolean().optional(),
});
export type Role = z.infer<typeof roleSchema>;

/**
 * What the signed-in user holds (GET /admin-service/user/holdings), for the screens that hand
 * rights out to offer only those: each console area's actions with the applications they
 * reach (null: every one), the permissions of other applications, the resources.
 */
export const holdingsSchema = z.object({
  administrator: z.boolean(),
  platform: z.array(
    z.object({
      permissionId: z.string(),
      actions: z.array(z.object({ action: actionSchema, applicationIds: z.array(z.string()).nullable() })),
    }),
  ),
  permissions: z.array(
    z.object({ applicationId: z.string(), permissionId: z.string(), actions: z.array(actionSchema) }),
  ),
  resources: z.array(z.string()),
});
export type Holdings = z.infer<typeof holdingsSchema>;

export const createRoleSchema = z.object({
  name: requiredString(200),
  code: codeSchema,
  description: z.string().trim().max(2000).nullish(),
  /** Absent on a change: the role keeps what it had (false for a new one). */
  requireTwoFactor: z.boolean({ error: 'field.invalid' }).optional(),
});
export type CreateRole = z.infer<typeof createRoleSchema>;
export const updateRoleSchema = createRoleSchema.extend({ roleId: z.uuid({ error: MESSAGES.required.key }) });
export type UpdateRole = z.infer<typeof updateRoleSchema>;

export const roleListQuerySchema = searchQuerySchema.extend({
  name: z.string().trim().max(200).optional(),
  code: z.string().trim().max(100).optional(),
  status: multi(statusSchema),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const permissionGrantSchema = z.object({
  applicationId: applicationIdSchema,
  permissionId: requiredString(200),
  /** Actions the permission offers (`actionsOf`): `export` on the Audit Log area alone. */
  actionEntitySet: z.array(actionSchema).min(1, { error: 'field.actions' }).max(ACTIONS.length),
  /**
   * Delegated administration: limits a `platform` grant to these applications. Absent, the
   * grant covers every application; empty, it covers none.
   */
  applicationIds: z.array(applicationIdSchema).max(100).optional(),
});
export type PermissionGrant = z.infer<typeof permissionGrantSchema>;
export const roleGrantsSchema = z.object({
  permissions: z.array(permissionGrantSchema).max(1000),
  resources: z.array(z.uuid()).max(10_000),
});
export type RoleGrants = z.infer<typeof roleGrantsSchema>;
