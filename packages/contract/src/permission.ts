import { z } from 'zod';
import {
  applicationIdSchema,
  codeSchema,
  multi,
  requiredString,
  searchQuerySchema,
  timestamps,
} from './common.ts';
import { MESSAGES } from './messages.ts';

/** Permissions (spec §3, §7 legacy endpoints): the only resource type is API. */
export const RESOURCE_TYPES_FOR_PERMISSION = ['API'] as const;
export const permissionResourceTypeSchema = z.enum(RESOURCE_TYPES_FOR_PERMISSION, {
  error: MESSAGES.required.key,
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
  resourceId: z.uuid({ error: MESSAGES.required.key }),
});
export type UpdatePermission = z.infer<typeof updatePermissionSchema>;
export const permissionListQuerySchema = searchQuerySchema.extend({
  applicationId: applicationIdSchema,
  name: z.string().trim().max(200).optional(),
  id: z.string().trim().max(100).optional(),
  resourceType: multi(permissionResourceTypeSchema),
});
export type PermissionListQuery = z.infer<typeof permissionListQuerySchema>;
