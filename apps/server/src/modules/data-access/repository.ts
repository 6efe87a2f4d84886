import { asc, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dataAccesses } from '../../db/schema/index.ts';

export type DataAccessRow = typeof dataAccesses.$inferSelect;

/**
 * One page of data accesses, as a deferred join: the page's keys are picked with the
 * offset from `data_accesses_app_created_idx` alone (the index holds application, created
 * time and key), and only those rows are then read. A deep page thus skips index entries,
 * not table rows.
 */
export async function listDataAccesses(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<DataAccessRow[]> {
  const keys = db
    .select({ key: dataAccesses.resourceId })
    .from(dataAccesses)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page_keys');
  return db
    .select(getTableColumns(dataAccesses))
    .from(dataAccesses)
    .innerJoin(keys, eq(dataAccesses.resourceId, keys.key))
    .orderBy(...orderBy);
}

export async function countDataAccesses(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dataAccesses).where(where);
  return row?.n ?? 0;
}

/** At most this many categories feed the multi-select; more would not be a usable list. */
export const MAX_CATEGORIES = 1000;

export async function listCategories(db: Executor, applicationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: dataAccesses.category })
    .from(dataAccesses)
    .where(eq(dataAccesses.applicationId, applicationId))
    .orderBy(asc(dataAccesses.category))
    .limit(MAX_CATEGORIES);
  return rows.map((r) => r.category);
}

export async function findDataAccessForUpdate(
  db: Executor,
  resourceId: string,
): Promise<DataAccessRow | undefined> {
  const [row] = await db
    .select()
    .from(dataAccesses)
    .where(eq(dataAccesses.resourceId, resourceId))
    .limit(1)
    .for('update');
  return row;
}

export async function insertDataAccess(
  db: Executor,
  values: typeof dataAccesses.$inferInsert,
): Promise<DataAccessRow> {
  const [row] = await db.insert(dataAccesses).values(values).returning();
  return row!;
}

export async function updateDataAccess(
  db: Executor,
  resourceId: string,
  values: Pick<DataAccessRow, 'name' | 'id' | 'category'>,
  updatedAt: SQL,
): Promise<DataAccessRow> {
  const [row] = await db
    .update(dataAccesses)
    .set({ ...values, updatedAt })
    .where(eq(dataAccesses.resourceId, resourceId))
    .returning();
  return row!;
}
