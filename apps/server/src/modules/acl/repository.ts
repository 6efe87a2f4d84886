import type { AclListQuery } from '@gatehouse/contract';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicationAcls,
  applicationClients,
  groups,
  permissions,
  resources,
  roles,
  users,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/app-scope.ts';
import { definePagedList, given, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type AclRow = typeof applicationAcls.$inferSelect;

/** A uuid column equal to a search value; a value that is not a uuid matches nothing. */
function keyIs(column: AnyColumn, value: string | undefined): SQL | undefined {
  if (!given(value)) return undefined;
  return isUuid(value.trim()) ? eq(column, value.trim()) : sql`false`;
}

/** Keys from `application_acls_app_created_idx` in the default order. */
export const list = definePagedList({
  name: 'acl',
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
