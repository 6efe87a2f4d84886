import { z } from 'zod';
import { codeSchema, multi, requiredString, searchQuerySchema, statusSchema, timestamps } from './common.ts';
import { MESSAGES } from './messages.ts';

/** Organizations (v2 `organization`): a tree; a user belongs to at most one. */

export const organizationSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  status: statusSchema,
  parentId: z.string().nullable(),
  /** The names from the root down to this one, joined by " / ". */
  path: z.string(),
  childCount: z.number().int(),
  memberCount: z.number().int(),
  ...timestamps,
});
export type Organization = z.infer<typeof organizationSchema>;

export const createOrganizationSchema = z.object({
  name: requiredString(200),
  code: codeSchema,
  description: z.string().trim().max(2000).nullish(),
  parentId: z.uuid().nullish(),
});
export type CreateOrganization = z.infer<typeof createOrganizationSchema>;
export const updateOrganizationSchema = createOrganizationSchema.omit({ parentId: true }).extend({
  organizationId: z.uuid({ error: MESSAGES.required.key }),
});
export type UpdateOrganization = z.infer<typeof updateOrganizationSchema>;
/** Moves a node under another, or to the root with null; a move under its own subtree is refused. */
export const moveOrganizationSchema = z.object({ parentId: z.uuid().nullable() });
/** The users who belong to the node; a user belongs to at most one, so listing one here moves them. */
export const setOrganizationMembersSchema = z.object({ userIds: z.array(z.uuid()).max(1000) });

export const organizationListQuerySchema = searchQuerySchema.extend({
  name: z.string().trim().max(200).optional(),
  code: z.string().trim().max(100).optional(),
  status: multi(statusSchema),
  /** The children of this node; without it, the top level. A search looks at every level. */
  parentId: z.uuid().optional(),
});
export type OrganizationListQuery = z.infer<typeof organizationListQuerySchema>;
