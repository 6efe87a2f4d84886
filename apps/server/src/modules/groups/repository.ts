import type { GroupListQuery } from '@gatehouse/contract';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { groupMembers, groupRoles, groups, roles, users } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type GroupRow = typeof groups.$inferSelect;
export type GroupWithCount = GroupRow & { memberCount: number };

/**
 * The group's member count, through `group_members` (group, user). Written out in full, as
 * the resources' child count is, so that it binds to the listed row; no input goes into it.
 */
const memberCount = sql<number>`(${sql.raw(
  'select count(*) from "group_members" "m" where "m"."group_id" = "groups"."group_id"',
)})`.mapWith(Number);
const withCount = { ...getTableColumns(groups), memberCount };

/** Keys from `groups_created_idx` in the default order. */
export const list = definePagedList({
  name: 'groups',
  table: groups,
  key: groups.groupId,
  fields: withCount,
  sorts: { name: groups.name, code: groups.code },
  filters: (query: GroupListQuery) => [
    keywordIn([groups.name, groups.code, groups.description], query.keyword),
    contains(groups.name, query.name),
    contains(groups.code, query.code),
    oneOf(groups.status, query.status),
  ],
});

export const { findForUpdate, insert, update, remove } = byKey(groups, groups.groupId);
export const existingUsers = byKey(users, users.userId).existing;
export const existingRoles = byKey(roles, roles.roleId).existing;

export async function findWithCount(db: Executor, groupId: string): Promise<GroupWithCount | undefined> {
  const [row] = await db.select(withCount).from(groups).where(eq(groups.groupId, groupId)).limit(1);
  return row;
}

export async function memberIds(db: Executor, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.userId));
  return rows.map((r) => r.userId);
}

export async function replaceMembers(db: Executor, groupId: string, userIds: string[]): Promise<void> {
  await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (userIds.length > 0)
    await db.insert(groupMembers).values(userIds.map((userId) => ({ groupId, userId })));
}

/** The roles the group gives its members, by name. */
export async function rolesOf(db: Executor, groupId: string) {
  return db
    .select({ id: roles.roleId, name: roles.name, code: roles.code })
    .from(groupRoles)
    .innerJoin(roles, eq(roles.roleId, groupRoles.roleId))
    .where(eq(groupRoles.groupId, groupId))
    .orderBy(asc(roles.name), asc(roles.roleId));
}

export async function replaceRoles(db: Executor, groupId: string, roleIds: string[]): Promise<void> {
  await db.delete(groupRoles).where(eq(groupRoles.groupId, groupId));
  if (roleIds.length > 0) await db.insert(groupRoles).values(roleIds.map((roleId) => ({ groupId, roleId })));
}
