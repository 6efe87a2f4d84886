import type { AppApiListQuery } from '@gatehouse/contract';
import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationApis, permissions } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/app-scope.ts';
import { contains, definePagedList, given, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type AppApiRow = typeof applicationApis.$inferSelect;

/** Keys from `application_apis_app_created_idx` in the default order. */
export const list = definePagedList({
  name: 'appApis',
  table: applicationApis,
  key: applicationApis.apiId,
  sorts: { method: applicationApis.method, pathPattern: applicationApis.pathPattern },
  filters: (query: AppApiListQuery) => [
    eq(applicationApis.applicationId, query.applicationId),
    keywordIn(
      [applicationApis.method, applicationApis.pathPattern, applicationApis.description],
      query.keyword,
    ),
    oneOf(applicationApis.method, query.method),
    contains(applicationApis.pathPattern, query.pathPattern),
    oneOf(applicationApis.status, query.status),
    given(query.permissionId)
      ? isUuid(query.permissionId)
        ? arrayContains(applicationApis.permissionIds, [query.permissionId])
        : sql`false`
      : undefined,
  ],
});

export const { find, findForUpdate, insert, update } = byKey(applicationApis, applicationApis.apiId);

/** Which of `ids` are permissions of the application. */
export async function permissionsIn(
  db: Executor,
  applicationId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: permissions.resourceId })
    .from(permissions)
    .where(
      and(
        eq(permissions.applicationId, applicationId),
        eq(permissions.resourceType, 'API'),
        inArray(permissions.resourceId, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Whether the application describes an enabled API: then its APIs are a resource server (oidc/resources.ts). */
export async function hasEnabledApi(db: Executor, applicationId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(applicationApis)
    .where(and(eq(applicationApis.applicationId, applicationId), eq(applicationApis.status, 'ENABLED')))
    .limit(1);
  return rows.length > 0;
}
