import type { ResourceListQuery } from '@gatehouse/contract';
import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import { resources } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type ResourceRow = typeof resources.$inferSelect;

/**
 * What the resource list reads: the search filters, and whether to keep to the roots (the
 * tree's top level) instead.
 */
export type ResourceSearch = ResourceListQuery & { rootsOnly: boolean };

/**
 * Each row, with its child count (`child_count`, kept by the database). Keys from
 * `resources_app_created_idx` where the order allows.
 */
export const list = definePagedList({
  table: resources,
  key: resources.resourceId,
  fields: getTableColumns(resources),
  sorts: {
    name: resources.name,
    id: resources.id,
    order: resources.order,
  },
  filters: (query: ResourceSearch) => [
    eq(resources.applicationId, query.applicationId),
    query.rootsOnly
      ? isNull(resources.parentId)
      : and(
          keywordIn([resources.name, resources.id, resources.url], query.keyword),
          contains(resources.name, query.name),
          contains(resources.id, query.id),
          oneOf(resources.type, query.type),
          oneOf(resources.status, query.status),
        ),
  ],
});

export const { find, insert, update } = byKey(resources, resources.resourceId);

/**
 * A node's children in the tree's display order: order, then name, then key so equal rows
 * keep one sequence. Every expand of a node asks for them, so the statement is prepared
 * (db/prepared.ts): planning it took about as long as running it.
 */
const childrenStatement = preparedPer((db) =>
  db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.applicationId, sql.placeholder('applicationId')),
        eq(resources.parentId, sql.placeholder('parentId')),
      ),
    )
    .orderBy(asc(resources.order), asc(resources.name), asc(resources.resourceId))
    .prepare('resources_children'),
);

export async function listChildren(
  db: Database,
  applicationId: string,
  parentId: string,
): Promise<ResourceRow[]> {
  return childrenStatement(db).execute({ applicationId, parentId });
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
