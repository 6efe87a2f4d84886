import { asc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dataAccesses } from '../../db/schema/index.ts';
import { countRows, type PageWindow, pageRows } from '../../lib/listing.ts';

export type DataAccessRow = typeof dataAccesses.$inferSelect;

/** One page (see `pageRows`). Keys from `data_accesses_app_created_idx`. */
export function listDataAccesses(db: Executor, page: PageWindow): Promise<DataAccessRow[]> {
  return pageRows(db, dataAccesses, dataAccesses.resourceId, page);
}

export function countDataAccesses(db: Executor, where: SQL | undefined): Promise<number> {
  return countRows(db, dataAccesses, where);
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
