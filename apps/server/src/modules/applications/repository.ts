import type { ApplicationListQuery } from '@gatehouse/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applications, products } from '../../db/schema/index.ts';
import { type AppScope, isUuid } from '../../lib/app-scope.ts';
import { contains, definePagedList, given, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type ApplicationRow = typeof applications.$inferSelect;

/** The list's search, within the applications the caller reaches. */
export type ApplicationSearch = ApplicationListQuery & { scope: AppScope };

/** Keys from `applications_created_idx` in the default order. */
export const list = definePagedList({
  name: 'applications',
  table: applications,
  key: applications.applicationId,
  sorts: {
    name: applications.name,
    applicationId: applications.applicationId,
  },
  filters: (query: ApplicationSearch) => [
    query.scope === 'all' ? undefined : inArray(applications.applicationId, [...query.scope]),
    keywordIn([applications.applicationId, applications.name, applications.description], query.keyword),
    contains(applications.applicationId, query.applicationId),
    contains(applications.name, query.name),
    oneOf(applications.status, query.status),
    // A product id that is not a uuid names no product, and must not reach the uuid column.
    given(query.productId)
      ? isUuid(query.productId)
        ? eq(applications.productId, query.productId)
        : sql`false`
      : undefined,
  ],
});

export const { find, findForUpdate, insert, update } = byKey(applications, applications.applicationId);

export async function productExists(db: Executor, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: products.productId })
    .from(products)
    .where(eq(products.productId, productId))
    .limit(1);
  return row !== undefined;
}
