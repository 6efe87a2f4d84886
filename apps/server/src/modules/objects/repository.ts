import type { DataObjectListQuery, DataSetListQuery } from '@gatehouse/contract';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dataObjects, dataSets } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/app-scope.ts';
import { contains, definePagedList, given, keywordIn } from '../../lib/listing.ts';
import { byKey, namedBy } from '../../lib/records.ts';

export type ObjectRow = typeof dataObjects.$inferSelect;
export type SetRow = typeof dataSets.$inferSelect;

/** Keys from `data_objects_app_created_idx` in the default order. */
export const listObjects = definePagedList({
  name: 'dataObjects',
  table: dataObjects,
  key: dataObjects.objectId,
  sorts: { name: dataObjects.name, code: dataObjects.code },
  filters: (query: DataObjectListQuery) => [
    eq(dataObjects.applicationId, query.applicationId),
    keywordIn([dataObjects.name, dataObjects.code, dataObjects.description], query.keyword),
    contains(dataObjects.name, query.name),
    contains(dataObjects.code, query.code),
  ],
});

/** Keys from `data_sets_app_created_idx` in the default order. */
export const listSets = definePagedList({
  name: 'dataSets',
  table: dataSets,
  key: dataSets.setId,
  sorts: { name: dataSets.name, code: dataSets.code },
  filters: (query: DataSetListQuery) => [
    eq(dataSets.applicationId, query.applicationId),
    given(query.objectId)
      ? isUuid(query.objectId)
        ? eq(dataSets.objectId, query.objectId)
        : sql`false`
      : undefined,
    keywordIn([dataSets.name, dataSets.code], query.keyword),
    contains(dataSets.name, query.name),
    contains(dataSets.code, query.code),
    given(query.member) ? arrayContains(dataSets.members, [query.member.trim()]) : undefined,
  ],
});

export const objects = byKey(dataObjects, dataObjects.objectId);
export const sets = byKey(dataSets, dataSets.setId);

/** The sets of an object: how many, and the codes of the first few. */
export function setsOf(db: Executor, objectId: string) {
  return namedBy(db, dataSets, dataSets.code, eq(dataSets.objectId, objectId));
}

/** Whether the object exists in the application. */
export async function objectIn(db: Executor, applicationId: string, objectId: string): Promise<boolean> {
  const rows = await db
    .select({ k: dataObjects.objectId })
    .from(dataObjects)
    .where(and(eq(dataObjects.objectId, objectId), eq(dataObjects.applicationId, applicationId)))
    .limit(1);
  return rows.length > 0;
}
