import type { OrganizationListQuery } from '@gatehouse/contract';
import { and, asc, eq, getTableColumns, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizations, users } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationWithTree = OrganizationRow & {
  path: string;
  childCount: number;
  memberCount: number;
};

/** Far deeper than any real organization chart; a longer parent chain can only be a loop. */
export const MAX_DEPTH = 64;

/*
 * The computed columns of a listed node, written out in full as the resources' child count
 * is, so that they bind to the listed row ("organizations"); no input goes into them. The
 * path walks up the parents (`organizations_pkey`), the counts use `organizations_parent_idx`
 * and `users_organization_idx`.
 */
const path = sql<string>`(${sql.raw(
  `with recursive "up" ("organization_id", "parent_id", "name", "depth") as (
     select "o"."organization_id", "o"."parent_id", "o"."name", 0 from "organizations" "o"
      where "o"."organization_id" = "organizations"."organization_id"
     union all
     select "p"."organization_id", "p"."parent_id", "p"."name", "up"."depth" + 1
       from "organizations" "p" join "up" on "p"."organization_id" = "up"."parent_id"
      where "up"."depth" < ${MAX_DEPTH}
   ) select string_agg("name", ' / ' order by "depth" desc) from "up"`,
)})`;
const childCount = sql<number>`(${sql.raw(
  'select count(*) from "organizations" "c" where "c"."parent_id" = "organizations"."organization_id"',
)})`.mapWith(Number);
const memberCount = sql<number>`(${sql.raw(
  'select count(*) from "users" "u" where "u"."organization_id" = "organizations"."organization_id"',
)})`.mapWith(Number);
const withTree = { ...getTableColumns(organizations), path, childCount, memberCount };

/** What the list reads: the search, and whether it keeps to one level of the tree. */
export type OrganizationSearch = OrganizationListQuery & { level: 'top' | 'children' | 'all' };

/** Keys from `organizations_created_idx` in the default order. */
export const list = definePagedList({
  name: 'organizations',
  table: organizations,
  key: organizations.organizationId,
  fields: withTree,
  sorts: { name: organizations.name, code: organizations.code },
  filters: (query: OrganizationSearch) => [
    query.level === 'top' ? isNull(organizations.parentId) : undefined,
    query.level === 'children' ? eq(organizations.parentId, query.parentId!) : undefined,
    keywordIn([organizations.name, organizations.code, organizations.description], query.keyword),
    contains(organizations.name, query.name),
    contains(organizations.code, query.code),
    oneOf(organizations.status, query.status),
  ],
});

export const { find, findForUpdate, insert, update, remove } = byKey(
  organizations,
  organizations.organizationId,
);
export const existingUsers = byKey(users, users.userId).existing;

export async function findWithTree(
  db: Executor,
  organizationId: string,
): Promise<OrganizationWithTree | undefined> {
  const [row] = await db
    .select(withTree)
    .from(organizations)
    .where(eq(organizations.organizationId, organizationId))
    .limit(1);
  return row;
}

/** Serialises the tree's writes until the transaction ends, so two moves cannot close a loop together. */
export async function lockTree(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${4_711_2027})`);
}

/**
 * Whether `organizationId` is `parentId` or one of its ancestors, i.e. whether putting the
 * node under `parentId` would close a loop. A chain longer than MAX_DEPTH counts as one.
 */
export async function isSelfOrAncestor(
  db: Executor,
  organizationId: string,
  parentId: string,
): Promise<boolean> {
  const [row] = await db
    .select({
      loop: sql<boolean>`exists (
        with recursive "up" ("organization_id", "parent_id", "depth") as (
          select ${organizations.organizationId}, ${organizations.parentId}, 0 from ${organizations}
           where ${organizations.organizationId} = ${parentId}
          union all
          select "p"."organization_id", "p"."parent_id", "up"."depth" + 1
            from "organizations" "p" join "up" on "p"."organization_id" = "up"."parent_id"
           where "up"."depth" <= ${MAX_DEPTH}
        ) select 1 from "up" where "up"."organization_id" = ${organizationId} or "up"."depth" > ${MAX_DEPTH})`,
    })
    .from(sql`(select 1) "one"`);
  return row?.loop === true;
}

export async function memberIds(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.userId));
  return rows.map((r) => r.userId);
}

/** Makes exactly `userIds` the node's members: they join it (leaving any other), the rest leave. */
export async function replaceMembers(db: Executor, organizationId: string, userIds: string[]): Promise<void> {
  await db
    .update(users)
    .set({ organizationId: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.organizationId, organizationId),
        userIds.length > 0 ? notInArray(users.userId, userIds) : undefined,
      ),
    );
  if (userIds.length > 0) {
    await db
      .update(users)
      .set({ organizationId, updatedAt: sql`now()` })
      .where(
        and(inArray(users.userId, userIds), sql`${users.organizationId} is distinct from ${organizationId}`),
      );
  }
}

/**
 * Sets `active` on the node and its subtree from the tree: a node is active when it is
 * enabled and its parent is active (or it has none). Run after a status or a parent changes.
 */
export async function refreshActive(db: Executor, organizationId: string): Promise<void> {
  await db.execute(sql`
    with recursive "tree" as (
      select "o"."organization_id", ("o"."status" = 'ENABLED' and coalesce("p"."active", true)) as "active"
        from "organizations" "o" left join "organizations" "p" on "p"."organization_id" = "o"."parent_id"
       where "o"."organization_id" = ${organizationId}
      union all
      select "c"."organization_id", ("c"."status" = 'ENABLED' and "tree"."active")
        from "organizations" "c" join "tree" on "c"."parent_id" = "tree"."organization_id"
    )
    update "organizations" set "active" = "tree"."active"
      from "tree"
     where "organizations"."organization_id" = "tree"."organization_id"
       and "organizations"."active" is distinct from "tree"."active"`);
}

/** The users whose organization is the node or lies under it. */
export async function subtreeMemberIds(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(
      inArray(
        users.organizationId,
        sql`(with recursive "tree" as (
          select "organization_id" from "organizations" where "organization_id" = ${organizationId}
          union all
          select "c"."organization_id" from "organizations" "c" join "tree" on "c"."parent_id" = "tree"."organization_id"
        ) select "organization_id" from "tree")`,
      ),
    );
  return rows.map((r) => r.userId);
}
