import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applications, products } from '../../db/schema/index.ts';
import { countRows, type PageWindow, pageRows } from '../../lib/listing.ts';

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

/** One page (see `pageRows`). Keys from `applications_created_idx`. */
export function listApplications(db: Executor, page: PageWindow): Promise<ApplicationRow[]> {
  return pageRows(db, applications, applications.applicationId, page);
}

export function countApplications(db: Executor, where: SQL | undefined): Promise<number> {
  return countRows(db, applications, where);
}

export async function insertApplication(
  db: Executor,
  values: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  return row!;
}
