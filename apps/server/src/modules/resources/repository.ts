import type { Resource, ResourceListQuery } from '@gatehouse/contract';
import { and, asc, eq, getTableColumns, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { isoTimestamp, jsonRows } from '../../db/json.ts';
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
  name: 'resources',
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

const node = alias(resources, 'node');
const child = alias(resources, 'child');

/** A resource as the API answers it, written by the database (see `jsonRows`). */
function resourceJson(t: typeof child) {
  return {
    resourceId: t.resourceId,
    name: t.name,
    id: t.id,
    type: t.type,
    url: t.url,
    order: t.order,
    status: t.status,
    applicationId: t.applicationId,
    parentId: t.parentId,
    childCount: t.childCount,
    icon: t.icon,
    createdDate: isoTimestamp(t.createdAt),
    lastModifiedDate: isoTimestamp(t.updatedAt),
  } satisfies Record<keyof Resource, SQLWrapper>;
}

/**
 * A node's application and its children, in the tree's display order: order, then name,
 * then key so equal rows keep one sequence. Every expand of a node asks for them, so it is
 * one statement, prepared (db/prepared.ts), whose children come as one JSON value: read
 * cell by cell, a node of 100 cost PGlite more than the query itself.
 */
const nodeChildrenStatement = preparedPer((db) => {
  const children = db
    .select({
      rows: jsonRows<Resource>(resourceJson(child), [
        asc(child.order),
        asc(child.name),
        asc(child.resourceId),
      ]),
    })
    .from(child)
    .where(and(eq(child.applicationId, node.applicationId), eq(child.parentId, node.resourceId)));
  return db
    .select({ applicationId: node.applicationId, children: sql<Resource[]>`${children}` })
    .from(node)
    .where(eq(node.resourceId, sql.placeholder('resourceId')))
    .prepare('resources_node_children');
});

/** The node `resourceId`'s application and direct children; undefined when there is no such node. */
export async function nodeChildren(
  db: Database,
  resourceId: string,
): Promise<{ applicationId: string; children: Resource[] } | undefined> {
  const [found] = await nodeChildrenStatement(db).execute({ resourceId });
  return found;
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
