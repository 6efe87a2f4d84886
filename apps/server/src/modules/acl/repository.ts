import type { AclListQuery } from '@gatehouse/contract';
import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicationAcls,
  applicationClients,
  groupMembers,
  groups,
  permissions,
  resources,
  roles,
  users,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/app-scope.ts';
import { definePagedList, given, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';
import { heldRoleIds } from '../access/repository.ts';

export type AclRow = typeof applicationAcls.$inferSelect;

/** A uuid column equal to a search value; a value that is not a uuid matches nothing. */
function keyIs(column: AnyColumn, value: string | undefined): SQL | undefined {
  if (!given(value)) return undefined;
  return isUuid(value.trim()) ? eq(column, value.trim()) : sql`false`;
}

/** Keys from `application_acls_app_created_idx` in the default order. */
export const list = definePagedList({
  table: applicationAcls,
  key: applicationAcls.aclId,
  sorts: { subjectType: applicationAcls.subjectType, targetType: applicationAcls.targetType },
  filters: (query: AclListQuery) => [
    eq(applicationAcls.applicationId, query.applicationId),
    oneOf(applicationAcls.subjectType, query.subjectType),
    keyIs(applicationAcls.subjectId, query.subjectId ?? query.keyword),
    oneOf(applicationAcls.targetType, query.targetType),
    keyIs(applicationAcls.targetId, query.targetId),
    oneOf(applicationAcls.status, query.status),
  ],
});

export const { find, findForUpdate, insert, update } = byKey(applicationAcls, applicationAcls.aclId);

async function any(query: Promise<unknown[]>): Promise<boolean> {
  return (await query).length > 0;
}

/** Whether the subject exists: a user, group or role anywhere, a client of this application. */
export async function subjectExists(
  db: Executor,
  applicationId: string,
  type: AclRow['subjectType'],
  id: string,
): Promise<boolean> {
  switch (type) {
    case 'USER':
      return any(db.select({ k: users.userId }).from(users).where(eq(users.userId, id)).limit(1));
    case 'GROUP':
      return any(db.select({ k: groups.groupId }).from(groups).where(eq(groups.groupId, id)).limit(1));
    case 'ROLE':
      return any(db.select({ k: roles.roleId }).from(roles).where(eq(roles.roleId, id)).limit(1));
    case 'CLIENT':
      return any(
        db
          .select({ k: applicationClients.acId })
          .from(applicationClients)
          .where(and(eq(applicationClients.acId, id), eq(applicationClients.applicationId, applicationId)))
          .limit(1),
      );
  }
}

/** Whether the target is a permission or resource of this application. */
export async function targetExists(
  db: Executor,
  applicationId: string,
  type: AclRow['targetType'],
  id: string,
): Promise<boolean> {
  const table = type === 'PERMISSION' ? permissions : resources;
  return any(
    db
      .select({ k: table.resourceId })
      .from(table)
      .where(and(eq(table.resourceId, id), eq(table.applicationId, applicationId)))
      .limit(1),
  );
}

/**
 * The enabled entries that name the user in an application: directly, through an enabled
 * group they belong to, or through an enabled role they hold (directly or by a group).
 */
function entriesOfUser(db: Executor, userId: string, applicationId: string): SQL {
  const userGroups = db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.groupId, groupMembers.groupId), eq(groups.status, 'ENABLED')))
    .where(eq(groupMembers.userId, userId));
  const userRoles = db
    .select({ id: roles.roleId })
    .from(roles)
    .where(and(eq(roles.status, 'ENABLED'), heldRoleIds(db, userId)));
  return and(
    eq(applicationAcls.applicationId, applicationId),
    eq(applicationAcls.status, 'ENABLED'),
    or(
      and(eq(applicationAcls.subjectType, 'USER'), eq(applicationAcls.subjectId, userId)),
      and(eq(applicationAcls.subjectType, 'GROUP'), inArray(applicationAcls.subjectId, userGroups)),
      and(eq(applicationAcls.subjectType, 'ROLE'), inArray(applicationAcls.subjectId, userRoles)),
    ),
  )!;
}

/**
 * The user's permission grants in an application through its access-control entries: the
 * permission's id (as a role grant names it) and the entry's actions.
 */
export async function aclPermissionGrants(db: Executor, userId: string, applicationId: string) {
  return db
    .select({ permissionId: permissions.id, actions: applicationAcls.actions })
    .from(applicationAcls)
    .innerJoin(
      permissions,
      and(
        eq(permissions.resourceId, applicationAcls.targetId),
        eq(permissions.applicationId, applicationAcls.applicationId),
      ),
    )
    .where(and(eq(applicationAcls.targetType, 'PERMISSION'), entriesOfUser(db, userId, applicationId)));
}

/** Whether an enabled entry of the application names the user, on any target. */
export async function hasAclEntry(db: Executor, userId: string, applicationId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(applicationAcls)
    .where(entriesOfUser(db, userId, applicationId))
    .limit(1);
  return rows.length > 0;
}
