import type { Action, RoleListQuery } from '@gatehouse/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applications,
  groupRoles,
  permissions,
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
} from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type RoleRow = typeof roles.$inferSelect;

/** Keys from `roles_created_idx` in the default order. */
export const list = definePagedList({
  name: 'roles',
  table: roles,
  key: roles.roleId,
  sorts: { name: roles.name, code: roles.code },
  filters: (query: RoleListQuery) => [
    keywordIn([roles.name, roles.code, roles.description], query.keyword),
    contains(roles.name, query.name),
    contains(roles.code, query.code),
    oneOf(roles.status, query.status),
  ],
});

export const { find, findForUpdate, insert, update, remove } = byKey(roles, roles.roleId);
export const existingApplications = byKey(applications, applications.applicationId).existing;
export const existingResources = byKey(resources, resources.resourceId).existing;

/** Who holds the role directly: how many users and how many groups. */
export async function holders(db: Executor, roleId: string): Promise<{ users: number; groups: number }> {
  const [byUsers] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
  const [byGroups] = await db.select({ n: count() }).from(groupRoles).where(eq(groupRoles.roleId, roleId));
  return { users: byUsers?.n ?? 0, groups: byGroups?.n ?? 0 };
}

/** The permissions of `applicationIds` whose `id` is among `ids`, in one query. */
export async function existingPermissions(
  db: Executor,
  applicationIds: string[],
  ids: string[],
): Promise<{ applicationId: string; id: string }[]> {
  if (applicationIds.length === 0 || ids.length === 0) return [];
  return db
    .select({ applicationId: permissions.applicationId, id: permissions.id })
    .from(permissions)
    .where(and(inArray(permissions.applicationId, applicationIds), inArray(permissions.id, ids)));
}

export type PermissionGrantRow = {
  applicationId: string;
  permissionId: string;
  actions: Action[];
  applicationIds: string[] | null;
};

export async function permissionGrants(db: Executor, roleId: string): Promise<PermissionGrantRow[]> {
  return db
    .select({
      applicationId: rolePermissions.applicationId,
      permissionId: rolePermissions.permissionId,
      actions: rolePermissions.actions,
      applicationIds: rolePermissions.applicationIds,
    })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(rolePermissions.applicationId), asc(rolePermissions.permissionId));
}

export async function resourceGrants(db: Executor, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ resourceId: roleResources.resourceId })
    .from(roleResources)
    .where(eq(roleResources.roleId, roleId))
    .orderBy(asc(roleResources.resourceId));
  return rows.map((r) => r.resourceId);
}

/** Replaces every grant of the role. */
export async function replaceGrants(
  db: Executor,
  roleId: string,
  grants: PermissionGrantRow[],
  resourceIds: string[],
): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  await db.delete(roleResources).where(eq(roleResources.roleId, roleId));
  if (grants.length > 0) await db.insert(rolePermissions).values(grants.map((g) => ({ ...g, roleId })));
  if (resourceIds.length > 0) {
    await db.insert(roleResources).values(resourceIds.map((resourceId) => ({ roleId, resourceId })));
  }
}
