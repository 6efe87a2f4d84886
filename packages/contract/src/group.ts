import { z } from 'zod';
import { codeSchema, multi, requiredString, searchQuerySchema, statusSchema, timestamps } from './common.ts';
import { MESSAGES } from './messages.ts';

/** Groups (v2 `group`): members hold the group's roles. */

export const groupSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  status: statusSchema,
  memberCount: z.number().int(),
  ...timestamps,
  /** In a list or a read: whether the caller may change the group (its roles lie within their applications). */
  manageable: z.boolean().optional(),
  /** In a list or a read: whether the caller may add a member, who gains the group's roles. */
  assignable: z.boolean().optional(),
});
export type Group = z.infer<typeof groupSchema>;

export const createGroupSchema = z.object({
  name: requiredString(200),
  code: codeSchema,
  description: z.string().trim().max(2000).nullish(),
});
export type CreateGroup = z.infer<typeof createGroupSchema>;
export const updateGroupSchema = createGroupSchema.extend({
  groupId: z.uuid({ error: MESSAGES.required.key }),
});
export type UpdateGroup = z.infer<typeof updateGroupSchema>;

export const groupListQuerySchema = searchQuerySchema.extend({
  name: z.string().trim().max(200).optional(),
  code: z.string().trim().max(100).optional(),
  status: multi(statusSchema),
});
export type GroupListQuery = z.infer<typeof groupListQuerySchema>;

export const setGroupMembersSchema = z.object({ userIds: z.array(z.uuid()).max(1000) });
export const setGroupRolesSchema = z.object({ roleIds: z.array(z.uuid()).max(100) });
