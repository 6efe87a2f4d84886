import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resources } from '../../db/schema/index.ts';
import { countRows, type PageWindow, pageRows } from '../../lib/listing.ts';

export type ResourceRow = typeof resources.$inferSelect;
export type ResourceWithCount = ResourceRow & { childCount: number };

/**
 * Direct children, counted through `resources_tree_idx` (application, parent). Written out
 * in full because drizzle leaves columns unqualified in a one-table select, which would
 * bind them to the inner table; the text is constant, no input goes into it.
 */
const childCount = sql<number>`(${sql.raw(
  'select count(*) from "resources" "child" where "child"."application_id" = "resources"."application_id" and "child"."parent_id" = "resources"."resource_id"',
)})`.mapWith(Number);
const withCount = { ...getTableColumns(resources), childCount };

/**
 * One page (see `pageRows`), each row with its child count. Keys from
 * `resources_app_created_idx` where the order allows.
 */
export function listResources(db: Executor, page: PageWindow): Promise<ResourceWithCount[]> {
  return pageRows(db, resources, resources.resourceId, page, withCount);
}

export function countResources(db: Executor, where: SQL | undefined): Promise<number> {
  return countRows(db, resources, where);
}

/** The tree's display order: order, then name, then key so equal rows keep one sequence. */
export async function listChildren(
  db: Executor,
  applicationId: string,
  parentId: string,
): Promise<ResourceWithCount[]> {
  return db
    .select(withCount)
    .from(resources)
    .where(and(eq(resources.applicationId, applicationId), eq(resources.parentId, parentId)))
    .orderBy(asc(resources.order), asc(resources.name), asc(resources.resourceId));
}

export async function findResource(db: Executor, resourceId: string): Promise<ResourceRow | undefined> {
  const [row] = await db.select().from(resources).where(eq(resources.resourceId, resourceId)).limit(1);
  return row;
}

export async function findResourceWithCount(
  db: Executor,
  resourceId: string,
): Promise<ResourceWithCount | undefined> {
  const [row] = await db
    .select(withCount)
    .from(resources)
    .where(eq(resources.resourceId, resourceId))
    .limit(1);
  return row;
}

/** The types found among a node's direct children. */
export async function childTypes(
  db: Executor,
  applicationId: string,
  resourceId: string,
): Promise<ResourceRow['type'][]> {
  const rows = await db
    .selectDistinct({ type: resources.type })
    .from(resources)
    .where(and(eq(resources.applicationId, applicationId), eq(resources.parentId, resourceId)));
  return rows.map((r) => r.type);
}

/**
 * Serialises the tree writes of one application until the transaction ends, so two
 * concurrent moves cannot each pass the cycle check and together close a loop. The first
 * key namespaces these locks from the single-key ones of migrations and seeding.
 */
export async function lockTree(db: Executor, applicationId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(4712, hashtext(${applicationId}))`);
}

export async function insertResource(
  db: Executor,
  values: typeof resources.$inferInsert,
): Promise<ResourceRow> {
  const [row] = await db.insert(resources).values(values).returning();
  return row!;
}

export async function updateResource(
  db: Executor,
  resourceId: string,
  values: Pick<ResourceRow, 'name' | 'id' | 'type' | 'url' | 'order' | 'status' | 'parentId'>,
  updatedAt: SQL,
): Promise<void> {
  await db
    .update(resources)
    .set({ ...values, updatedAt })
    .where(eq(resources.resourceId, resourceId));
}
