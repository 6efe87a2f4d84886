import type { AppPageListQuery } from '@gatehouse/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { applicationPages, pageElementRoles, pageElements, roles } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type PageRow = typeof applicationPages.$inferSelect;
export type ElementRow = typeof pageElements.$inferSelect;
export type ElementWithRoles = ElementRow & { roleIds: string[] };

/** Keys from `application_pages_app_created_idx` in the default order. */
export const list = definePagedList({
  name: 'pages',
  table: applicationPages,
  key: applicationPages.pageId,
  sorts: { name: applicationPages.name, route: applicationPages.route, order: applicationPages.order },
  filters: (query: AppPageListQuery) => [
    eq(applicationPages.applicationId, query.applicationId),
    keywordIn([applicationPages.name, applicationPages.route], query.keyword),
    contains(applicationPages.name, query.name),
    contains(applicationPages.route, query.route),
    oneOf(applicationPages.status, query.status),
  ],
});

export const { find, findForUpdate, insert, update, remove } = byKey(
  applicationPages,
  applicationPages.pageId,
);
export const insertElement = byKey(pageElements, pageElements.elementId).insert;
export const existingRoles = byKey(roles, roles.roleId).existing;

/** The elements of the pages, in code order, each with the roles it is shown to. */
export async function elementsOf(db: Executor, pageIds: string[]): Promise<ElementWithRoles[]> {
  if (pageIds.length === 0) return [];
  const elements = await db
    .select()
    .from(pageElements)
    .where(inArray(pageElements.pageId, pageIds))
    .orderBy(asc(pageElements.code));
  if (elements.length === 0) return [];
  const grants = await db
    .select()
    .from(pageElementRoles)
    .where(
      inArray(
        pageElementRoles.elementId,
        elements.map((e) => e.elementId),
      ),
    )
    .orderBy(asc(pageElementRoles.roleId));
  return elements.map((e) => ({
    ...e,
    roleIds: grants.filter((g) => g.elementId === e.elementId).map((g) => g.roleId),
  }));
}

export async function grantElement(db: Executor, elementId: string, roleIds: string[]): Promise<void> {
  if (roleIds.length > 0)
    await db.insert(pageElementRoles).values(roleIds.map((roleId) => ({ elementId, roleId })));
}

/** Deletes the page's element with `code`; its role grants go with it. The deleted row, if any. */
export async function removeElement(
  db: Executor,
  pageId: string,
  code: string,
): Promise<ElementRow | undefined> {
  const [row] = await db
    .delete(pageElements)
    .where(and(eq(pageElements.pageId, pageId), eq(pageElements.code, code)))
    .returning();
  return row;
}
