import type { DataAccessListQuery } from '@gatehouse/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dataAccesses } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey, namedBy } from '../../lib/records.ts';

export type DataAccessRow = typeof dataAccesses.$inferSelect;

/** An application's data accesses. Keys from `data_accesses_app_created_idx` in the default order. */
export const list = definePagedList({
  name: 'dataAccesses',
  table: dataAccesses,
  key: dataAccesses.resourceId,
  sorts: {
    name: dataAccesses.name,
    id: dataAccesses.id,
    category: dataAccesses.category,
  },
  counted: { column: dataAccesses.applicationId, scope: (query: DataAccessListQuery) => query.applicationId },
  filters: (query: DataAccessListQuery) => [
    keywordIn([dataAccesses.name, dataAccesses.id, dataAccesses.category], query.keyword),
    contains(dataAccesses.name, query.name),
    contains(dataAccesses.id, query.id),
    oneOf(dataAccesses.category, query.category),
  ],
});

export const { find, findForUpdate, insert, update } = byKey(dataAccesses, dataAccesses.resourceId);

/** At most this many categories feed the multi-select; more would not be a usable list. */
const MAX_CATEGORIES = 1000;

export async function categories(db: Executor, applicationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: dataAccesses.category })
    .from(dataAccesses)
    .where(eq(dataAccesses.applicationId, applicationId))
    .orderBy(asc(dataAccesses.category))
    .limit(MAX_CATEGORIES);
  return rows.map((r) => r.category);
}

/** The data accesses scoped to an object or a set: how many, and the ids of the first few. */
export function scopedTo(db: Executor, scope: { objectId: string } | { setId: string }) {
  const where =
    'objectId' in scope ? eq(dataAccesses.objectId, scope.objectId) : eq(dataAccesses.setId, scope.setId);
  return namedBy(db, dataAccesses, dataAccesses.id, where);
}
