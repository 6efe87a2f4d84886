import type { ProductListQuery } from '@gatehouse/contract';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applications, products } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductWithCount = ProductRow & { applicationCount: number };

/** The applications that name the product; written out so that it binds to the listed row. */
const applicationCount = sql<number>`(${sql.raw(
  'select count(*) from "applications" "a" where "a"."product_id" = "products"."product_id"',
)})`.mapWith(Number);
const withCount = { ...getTableColumns(products), applicationCount };

/** Keys from `products_created_idx` in the default order. */
export const list = definePagedList({
  name: 'products',
  table: products,
  key: products.productId,
  fields: withCount,
  sorts: { name: products.name, code: products.id },
  filters: (query: ProductListQuery) => [
    keywordIn([products.name, products.id, products.description, products.owner], query.keyword),
    contains(products.name, query.name),
    contains(products.id, query.code),
    contains(products.owner, query.owner),
    oneOf(products.status, query.status),
  ],
});

export const { findForUpdate, insert, update } = byKey(products, products.productId);

export async function findWithCount(db: Executor, productId: string): Promise<ProductWithCount | undefined> {
  const [row] = await db.select(withCount).from(products).where(eq(products.productId, productId)).limit(1);
  return row;
}

/** The ids of the applications that name the product, a few of them by id, and how many in all. */
export async function applicationsOf(db: Executor, productId: string, limit = 5) {
  const rows = await db
    .select({ applicationId: applications.applicationId })
    .from(applications)
    .where(eq(applications.productId, productId))
    .orderBy(asc(applications.applicationId))
    .limit(limit);
  return rows.map((r) => r.applicationId);
}
