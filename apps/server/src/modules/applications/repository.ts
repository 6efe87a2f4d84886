import { count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applications, products } from '../../db/schema/index.ts';

export type ApplicationRow = typeof applications.$inferSelect;

export async function findApplication(
  db: Executor,
  applicationId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(eq(applications.applicationId, applicationId))
    .limit(1);
  return row;
}

export async function productExists(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: products.productId })
    .from(products)
    .where(eq(products.productId, productId))
    .limit(1);
  return row !== undefined;
}

/** One page of applications: the keys come from the index first, then only those rows are read. */
export async function listApplications(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<ApplicationRow[]> {
  const keys = db
    .select({ key: applications.applicationId })
    .from(applications)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page_keys');
  return db
    .select(getTableColumns(applications))
    .from(applications)
    .innerJoin(keys, eq(applications.applicationId, keys.key))
    .orderBy(...orderBy);
}

export async function countApplications(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applications).where(where);
  return row?.n ?? 0;
}

export async function insertApplication(
  db: Executor,
  values: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  return row!;
}
