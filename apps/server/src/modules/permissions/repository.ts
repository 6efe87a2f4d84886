import type { PermissionListQuery } from '@gatehouse/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { permissions, rolePermissions } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type PermissionRow = typeof permissions.$inferSelect;

/** An application's permissions. Keys from `permissions_app_created_idx` in the default order. */
export const list = definePagedList({
  name: 'permissions',
  table: permissions,
  key: permissions.resourceId,
  sorts: {
    name: permissions.name,
    id: permissions.id,
  },
  counted: { column: permissions.applicationId, scope: (query: PermissionListQuery) => query.applicationId },
  filters: (query: PermissionListQuery) => [
    keywordIn([permissions.name, permissions.id, permissions.resourceType], query.keyword),
    contains(permissions.name, query.name),
    contains(permissions.id, query.id),
    oneOf(permissions.resourceType, query.resourceType),
  ],
});

export const { find, findForUpdate, insert, update } = byKey(permissions, permissions.resourceId);

/**
 * Moves the role grants naming `from` in the application to `to`, as one permission renamed:
 * a role that already names `to` (a grant left behind by an earlier rename) keeps one grant
 * with the actions of both. The number of role grants moved.
 */
export async function renameInGrants(db: Executor, applicationId: string, from: string, to: string) {
  const named = (id: string) =>
    and(eq(rolePermissions.applicationId, applicationId), eq(rolePermissions.permissionId, id));
  await db.execute(sql`
    update ${rolePermissions} as kept
       set actions = array(select distinct a from unnest(kept.actions || moved.actions) as a order by a)
      from ${rolePermissions} as moved
     where kept.role_id = moved.role_id
       and kept.application_id = ${applicationId} and kept.permission_id = ${to}
       and moved.application_id = ${applicationId} and moved.permission_id = ${from}`);
  await db
    .delete(rolePermissions)
    .where(
      and(
        named(from),
        inArray(
          rolePermissions.roleId,
          db.select({ roleId: rolePermissions.roleId }).from(rolePermissions).where(named(to)),
        ),
      ),
    );
  const moved = await db
    .update(rolePermissions)
    .set({ permissionId: to })
    .where(named(from))
    .returning({ roleId: rolePermissions.roleId });
  return moved.length;
}
