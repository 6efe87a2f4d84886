import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applicationAcls,
  applicationPages,
  applications,
  groupMembers,
  groups,
  pageElementRoles,
  pageElements,
  permissions,
  resources,
  rolePermissions,
  roleResources,
  roles,
} from '../../db/schema/index.ts';
import { heldRoleIds } from './repository.ts';

/**
 * What a user holds in one application, as the application sees it: the roles, the
 * permissions with their actions (through roles and access-control entries), the element
 * codes (of the tree and of pages), whether they may sign in to it at all, and the menus a
 * caller is granted. The OIDC claims, the menus call and the sign-in check read these.
 */

const heldEnabledRoles = (db: Executor, userId: string) =>
  and(eq(roles.status, 'ENABLED'), heldRoleIds(db, userId));

/**
 * The codes of the user's enabled roles that grant something in the application: a
 * permission, a resource, a page element, or an enabled access-control entry naming the role.
 * Another application's roles are none of its business.
 */
export async function findRolesInApplication(
  db: Executor,
  userId: string,
  applicationId: string,
): Promise<string[]> {
  const grantsHere = or(
    inArray(
      roles.roleId,
      db
        .select({ id: rolePermissions.roleId })
        .from(rolePermissions)
        .where(eq(rolePermissions.applicationId, applicationId)),
    ),
    inArray(
      roles.roleId,
      db
        .select({ id: roleResources.roleId })
        .from(roleResources)
        .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
        .where(eq(resources.applicationId, applicationId)),
    ),
    inArray(
      roles.roleId,
      db
        .select({ id: pageElementRoles.roleId })
        .from(pageElementRoles)
        .innerJoin(pageElements, eq(pageElements.elementId, pageElementRoles.elementId))
        .where(eq(pageElements.applicationId, applicationId)),
    ),
    inArray(
      roles.roleId,
      db
        .select({ id: applicationAcls.subjectId })
        .from(applicationAcls)
        .where(
          and(
            eq(applicationAcls.applicationId, applicationId),
            eq(applicationAcls.subjectType, 'ROLE'),
            eq(applicationAcls.status, 'ENABLED'),
          ),
        ),
    ),
  );
  const rows = await db
    .select({ code: roles.code })
    .from(roles)
    .where(and(heldEnabledRoles(db, userId), grantsHere))
    .orderBy(roles.code);
  return rows.map((r) => r.code);
}

/** The user's permission grants in an application: through their roles, and through its enabled access-control entries. */
export async function findAppPermissions(db: Executor, userId: string, applicationId: string) {
  const throughRoles = await db
    .select({ permissionId: rolePermissions.permissionId, actions: rolePermissions.actions })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.roleId, rolePermissions.roleId))
    .where(and(eq(rolePermissions.applicationId, applicationId), heldEnabledRoles(db, userId)));
  return [...throughRoles, ...(await aclPermissionGrants(db, userId, applicationId))];
}

export async function findAppElements(
  db: Executor,
  userId: string,
  applicationId: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: resources.id })
    .from(roleResources)
    .innerJoin(roles, eq(roles.roleId, roleResources.roleId))
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(
      and(
        eq(resources.applicationId, applicationId),
        eq(resources.type, 'ELEMENT'),
        eq(resources.status, 'ENABLED'),
        heldEnabledRoles(db, userId),
      ),
    )
    .orderBy(resources.id);
  const ids = rows.map((r) => r.id);
  const pageElements = await pageElementsOf(db, userId, applicationId);
  return pageElements.length === 0 ? ids : [...new Set([...ids, ...pageElements])].sort();
}

/** Whether the application lets every user in, or a role of the user grants something in it. */
export async function mayEnterApplication(
  db: Executor,
  userId: string,
  applicationId: string,
): Promise<boolean> {
  const [app] = await db
    .select({ open: applications.openToAllUsers })
    .from(applications)
    .where(eq(applications.applicationId, applicationId));
  if (!app) return false;
  if (app.open) return true;
  const [permission] = await db
    .select({ one: sql<number>`1` })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.roleId, rolePermissions.roleId))
    .where(and(eq(rolePermissions.applicationId, applicationId), heldEnabledRoles(db, userId)))
    .limit(1);
  if (permission) return true;
  const [resource] = await db
    .select({ one: sql<number>`1` })
    .from(roleResources)
    .innerJoin(roles, eq(roles.roleId, roleResources.roleId))
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(and(eq(resources.applicationId, applicationId), heldEnabledRoles(db, userId)))
    .limit(1);
  return resource !== undefined || (await hasAclEntry(db, userId, applicationId));
}

/**
 * The enabled entries that name the user in an application: directly, through an enabled
 * group they belong to, or through an enabled role they hold (directly or by a group).
 */
function entriesOfUser(db: Executor, userId: string, applicationId: string): SQL {
  const userGroups = db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.groupId, groupMembers.groupId), eq(groups.status, 'ENABLED')))
    .where(eq(groupMembers.userId, userId));
  const userRoles = db
    .select({ id: roles.roleId })
    .from(roles)
    .where(and(eq(roles.status, 'ENABLED'), heldRoleIds(db, userId)));
  return and(
    eq(applicationAcls.applicationId, applicationId),
    eq(applicationAcls.status, 'ENABLED'),
    or(
      and(eq(applicationAcls.subjectType, 'USER'), eq(applicationAcls.subjectId, userId)),
      and(eq(applicationAcls.subjectType, 'GROUP'), inArray(applicationAcls.subjectId, userGroups)),
      and(eq(applicationAcls.subjectType, 'ROLE'), inArray(applicationAcls.subjectId, userRoles)),
    ),
  )!;
}

/**
 * The user's permission grants in an application through its access-control entries: the
 * permission's id (as a role grant names it) and the entry's actions.
 */
export async function aclPermissionGrants(db: Executor, userId: string, applicationId: string) {
  return db
    .select({ permissionId: permissions.id, actions: applicationAcls.actions })
    .from(applicationAcls)
    .innerJoin(
      permissions,
      and(
        eq(permissions.resourceId, applicationAcls.targetId),
        eq(permissions.applicationId, applicationAcls.applicationId),
      ),
    )
    .where(and(eq(applicationAcls.targetType, 'PERMISSION'), entriesOfUser(db, userId, applicationId)));
}

/** Whether an enabled entry of the application names the user, on any target. */
export async function hasAclEntry(db: Executor, userId: string, applicationId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(applicationAcls)
    .where(entriesOfUser(db, userId, applicationId))
    .limit(1);
  return rows.length > 0;
}

/**
 * The codes of the application's page elements shown to the user: enabled pages, elements
 * granted to an enabled role they hold (directly or through an enabled group).
 */
export async function pageElementsOf(db: Executor, userId: string, applicationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: pageElements.code })
    .from(pageElements)
    .innerJoin(
      applicationPages,
      and(eq(applicationPages.pageId, pageElements.pageId), eq(applicationPages.status, 'ENABLED')),
    )
    .innerJoin(pageElementRoles, eq(pageElementRoles.elementId, pageElements.elementId))
    .innerJoin(roles, eq(roles.roleId, pageElementRoles.roleId))
    .where(
      and(
        eq(pageElements.applicationId, applicationId),
        eq(roles.status, 'ENABLED'),
        heldRoleIds(db, userId),
      ),
    );
  return rows.map((r) => r.code);
}

/** What a menu item is built from: the resource without its bookkeeping columns. */
const menuFields = {
  resourceId: resources.resourceId,
  parentId: resources.parentId,
  id: resources.id,
  name: resources.name,
  type: resources.type,
  url: resources.url,
  order: resources.order,
  icon: resources.icon,
  hidden: resources.hidden,
  keepAlive: resources.keepAlive,
};

export type MenuResource = {
  [K in keyof typeof menuFields]: (typeof resources.$inferSelect)[K];
};

/**
 * The application's enabled resources that any of the roles grants, or all of them for the
 * Administrator (`'all'`). A semi-join, unordered: the service orders siblings, which is
 * cheaper than sorting the whole tree by a collated text key here.
 */
export async function findGrantedResources(
  db: Executor,
  applicationId: string,
  roleIds: string[] | 'all',
): Promise<MenuResource[]> {
  if (roleIds !== 'all' && roleIds.length === 0) return [];
  const granted =
    roleIds === 'all'
      ? undefined
      : inArray(
          resources.resourceId,
          db
            .select({ resourceId: roleResources.resourceId })
            .from(roleResources)
            .where(inArray(roleResources.roleId, roleIds)),
        );
  return db
    .select(menuFields)
    .from(resources)
    .where(and(eq(resources.applicationId, applicationId), eq(resources.status, 'ENABLED'), granted));
}
