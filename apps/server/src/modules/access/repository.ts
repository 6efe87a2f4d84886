import { type Action, PLATFORM_APP_ID } from '@gatehouse/contract';
import { and, eq, getTableColumns, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { preparedPer } from '../../db/prepared.ts';
import {
  applicationAcls,
  applicationPages,
  groupMembers,
  groupRoles,
  groups,
  pageElementRoles,
  pageElements,
  permissions,
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import type { GrantRow } from './grant-set.ts';

/**
 * The reads behind "what does this principal hold". `live` reads what takes effect now:
 * enabled roles, enabled groups, enabled entries; without it, everything assigned whatever
 * its status, which is what a principal may come to hold when something is enabled again.
 */

/**
 * Whether a user's organization, if they have one, is active: it and every ancestor enabled
 * (`organizations.active`). A member of a disabled organization is suspended: they cannot sign
 * in and hold nothing, whatever their own status.
 */
export const organizationActive = () =>
  // Named in full: drizzle writes a column in a selected expression without its table, which
  // inside the subquery would name the organization's own column.
  sql<boolean>`("users"."organization_id" is null or exists (select 1 from "organizations" "o" where "o"."organization_id" = "users"."organization_id" and "o"."active"))`;

/** A user who may sign in and hold what their roles grant: enabled, in an active organization or none. */
export const activeUser = () => and(eq(users.status, 'ENABLED'), organizationActive())!;

/** A user's row with whether their organization is active, as every account read for sign-in gives it. */
export type AccountRow = typeof users.$inferSelect & { organizationActive: boolean };

/** The columns of an `AccountRow`. */
export const accountFields = () => ({ ...getTableColumns(users), organizationActive: organizationActive() });

/** Whether the account may sign in and hold anything now. */
export const isActive = (user: Pick<AccountRow, 'status' | 'organizationActive'>) =>
  user.status === 'ENABLED' && user.organizationActive;

const enabledIf = (live: boolean, column: typeof roles.status | typeof groups.status) =>
  live ? eq(column, 'ENABLED') : undefined;

export type HeldRole = { holderId: string; roleId: string; builtin: boolean };

/** The roles each user holds: directly, and through the groups they belong to. */
export async function rolesOfUsers(
  db: Executor,
  userIds: readonly string[],
  live: boolean,
): Promise<HeldRole[]> {
  if (userIds.length === 0) return [];
  const direct = await db
    .select({ holderId: userRoles.userId, roleId: roles.roleId, builtin: roles.builtin })
    .from(userRoles)
    .innerJoin(roles, eq(roles.roleId, userRoles.roleId))
    .where(and(inArray(userRoles.userId, [...userIds]), enabledIf(live, roles.status)));
  const viaGroups = await db
    .select({ holderId: groupMembers.userId, roleId: roles.roleId, builtin: roles.builtin })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.groupId, groupMembers.groupId))
    .innerJoin(groupRoles, eq(groupRoles.groupId, groupMembers.groupId))
    .innerJoin(roles, eq(roles.roleId, groupRoles.roleId))
    .where(
      and(
        inArray(groupMembers.userId, [...userIds]),
        enabledIf(live, groups.status),
        enabledIf(live, roles.status),
      ),
    );
  return [...direct, ...viaGroups];
}

/** Which of these roles are built in. */
export async function builtinAmong(db: Executor, roleIds: readonly string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .select({ roleId: roles.roleId })
    .from(roles)
    .where(and(inArray(roles.roleId, [...roleIds]), eq(roles.builtin, true)));
  return new Set(rows.map((r) => r.roleId));
}

/** The roles each group gives its members. */
export async function rolesOfGroups(db: Executor, groupIds: readonly string[]): Promise<HeldRole[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ holderId: groupRoles.groupId, roleId: roles.roleId, builtin: roles.builtin })
    .from(groupRoles)
    .innerJoin(roles, eq(roles.roleId, groupRoles.roleId))
    .where(inArray(groupRoles.groupId, [...groupIds]));
}

/** The groups each user belongs to. */
export async function groupsOfUsers(
  db: Executor,
  userIds: readonly string[],
  live: boolean,
): Promise<{ userId: string; groupId: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.groupId, groupMembers.groupId))
    .where(and(inArray(groupMembers.userId, [...userIds]), enabledIf(live, groups.status)));
}

/** The members of each group. */
export async function membersOfGroups(
  db: Executor,
  groupIds: readonly string[],
): Promise<{ groupId: string; userId: string }[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, [...groupIds]));
}

/** The users holding each role: directly, or through a group. */
export async function holdersOfRoles(
  db: Executor,
  roleIds: readonly string[],
): Promise<{ roleId: string; userId: string }[]> {
  if (roleIds.length === 0) return [];
  const direct = await db
    .select({ roleId: userRoles.roleId, userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.roleId, [...roleIds]));
  const viaGroups = await db
    .select({ roleId: groupRoles.roleId, userId: groupMembers.userId })
    .from(groupRoles)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groupRoles.groupId))
    .where(inArray(groupRoles.roleId, [...roleIds]));
  return [...direct, ...viaGroups];
}

/** Whether each user is active (enabled, in an active organization); one not found is left out. */
export async function userStatuses(db: Executor, userIds: readonly string[]): Promise<Map<string, boolean>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.userId, status: users.status, organizationActive: organizationActive() })
    .from(users)
    .where(inArray(users.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, isActive(r)]));
}

/**
 * What each role grants: its permissions with their actions, its resources (an element also
 * as its code), and the page elements that name it (live: of enabled pages only).
 */
export async function grantsOfRoles(
  db: Executor,
  roleIds: readonly string[],
  live: boolean,
): Promise<{ roleId: string; row: GrantRow }[]> {
  if (roleIds.length === 0) return [];
  const perms = await db
    .select({
      roleId: rolePermissions.roleId,
      applicationId: rolePermissions.applicationId,
      permissionId: rolePermissions.permissionId,
      actions: rolePermissions.actions,
      applicationIds: rolePermissions.applicationIds,
    })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, [...roleIds]));
  const granted = await db
    .select({
      roleId: roleResources.roleId,
      resourceId: resources.resourceId,
      applicationId: resources.applicationId,
      type: resources.type,
      id: resources.id,
    })
    .from(roleResources)
    .innerJoin(resources, eq(resources.resourceId, roleResources.resourceId))
    .where(inArray(roleResources.roleId, [...roleIds]));
  const onPages = await db
    .select({
      roleId: pageElementRoles.roleId,
      applicationId: pageElements.applicationId,
      code: pageElements.code,
    })
    .from(pageElementRoles)
    .innerJoin(pageElements, eq(pageElements.elementId, pageElementRoles.elementId))
    .innerJoin(applicationPages, eq(applicationPages.pageId, pageElements.pageId))
    .where(
      and(
        inArray(pageElementRoles.roleId, [...roleIds]),
        live ? eq(applicationPages.status, 'ENABLED') : undefined,
      ),
    );
  const out: { roleId: string; row: GrantRow }[] = [];
  for (const { roleId, ...p } of perms) out.push({ roleId, row: { kind: 'permission', ...p } });
  for (const r of granted) {
    out.push({
      roleId: r.roleId,
      row: { kind: 'resource', applicationId: r.applicationId, resourceId: r.resourceId },
    });
    if (r.type === 'ELEMENT')
      out.push({ roleId: r.roleId, row: { kind: 'element', applicationId: r.applicationId, code: r.id } });
  }
  for (const { roleId, applicationId, code } of onPages)
    out.push({ roleId, row: { kind: 'element', applicationId, code } });
  return out;
}

export type AclSubjects = {
  users?: readonly string[];
  groups?: readonly string[];
  roles?: readonly string[];
};
export type AclSubjectType = 'USER' | 'GROUP' | 'ROLE';

/**
 * What the access-control entries naming these subjects grant: a permission entry its
 * permission (by the `id` a role grant names it with) and actions, a resource entry its
 * resource. Each row says which subject it came from.
 */
export async function grantsOfAclSubjects(
  db: Executor,
  subjects: AclSubjects,
  live: boolean,
): Promise<{ subjectType: AclSubjectType; subjectId: string; row: GrantRow }[]> {
  const named: SQL[] = [];
  const bySubject = (type: AclSubjectType, ids: readonly string[] | undefined) => {
    if (ids && ids.length > 0)
      named.push(and(eq(applicationAcls.subjectType, type), inArray(applicationAcls.subjectId, [...ids]))!);
  };
  bySubject('USER', subjects.users);
  bySubject('GROUP', subjects.groups);
  bySubject('ROLE', subjects.roles);
  if (named.length === 0) return [];
  const rows = await db
    .select({
      subjectType: applicationAcls.subjectType,
      subjectId: applicationAcls.subjectId,
      applicationId: applicationAcls.applicationId,
      targetType: applicationAcls.targetType,
      targetId: applicationAcls.targetId,
      actions: applicationAcls.actions,
      permissionId: permissions.id,
    })
    .from(applicationAcls)
    .leftJoin(
      permissions,
      and(
        eq(applicationAcls.targetType, 'PERMISSION'),
        eq(permissions.resourceId, applicationAcls.targetId),
        eq(permissions.applicationId, applicationAcls.applicationId),
      ),
    )
    .where(and(or(...named), live ? eq(applicationAcls.status, 'ENABLED') : undefined));
  const out: { subjectType: AclSubjectType; subjectId: string; row: GrantRow }[] = [];
  for (const r of rows) {
    // A client is no principal that signs in, and an entry of the platform itself gives no
    // console right (those come from role grants alone).
    if (r.subjectType === 'CLIENT' || r.applicationId === PLATFORM_APP_ID) continue;
    const subject = { subjectType: r.subjectType, subjectId: r.subjectId };
    if (r.targetType === 'RESOURCE') {
      out.push({
        ...subject,
        row: { kind: 'resource', applicationId: r.applicationId, resourceId: r.targetId },
      });
    } else if (r.permissionId !== null) {
      out.push({
        ...subject,
        row: {
          kind: 'permission',
          applicationId: r.applicationId,
          permissionId: r.permissionId,
          actions: r.actions,
          applicationIds: null,
        },
      });
    }
  }
  return out;
}

/** What one access-control entry grants its subject; null for an entry of the platform itself. */
export async function grantOfAclEntry(
  db: Executor,
  entry: {
    applicationId: string;
    targetType: 'PERMISSION' | 'RESOURCE';
    targetId: string;
    actions: readonly Action[];
  },
): Promise<GrantRow | null> {
  if (entry.applicationId === PLATFORM_APP_ID) return null;
  if (entry.targetType === 'RESOURCE')
    return { kind: 'resource', applicationId: entry.applicationId, resourceId: entry.targetId };
  const [permission] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(
      and(eq(permissions.resourceId, entry.targetId), eq(permissions.applicationId, entry.applicationId)),
    );
  if (!permission) return null;
  return {
    kind: 'permission',
    applicationId: entry.applicationId,
    permissionId: permission.id,
    actions: entry.actions,
    applicationIds: null,
  };
}

/** Which of these groups have a member who holds the built-in role, directly or through any group. */
export async function groupsWithAdministrators(
  db: Executor,
  groupIds: readonly string[],
): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const builtin = db.select({ roleId: roles.roleId }).from(roles).where(eq(roles.builtin, true));
  const direct = db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.roleId, builtin));
  const viaGroups = db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(groupRoles, eq(groupRoles.groupId, groupMembers.groupId))
    .where(inArray(groupRoles.roleId, builtin));
  const rows = await db
    .selectDistinct({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(
      and(
        inArray(groupMembers.groupId, [...groupIds]),
        or(inArray(groupMembers.userId, direct), inArray(groupMembers.userId, viaGroups)),
      ),
    );
  return new Set(rows.map((r) => r.groupId));
}

export type PlatformGrantRow = {
  roleId: string;
  name: string;
  builtin: boolean;
  requireTwoFactor: boolean;
  permissionId: string | null;
  actions: Action[] | null;
  applicationIds: string[] | null;
};

/**
 * The ids of the roles a user holds: their own, and those of their enabled groups. Disabled
 * roles are left out by the caller.
 */
export function heldRoleIds(db: Executor, userId: string | Placeholder) {
  const own = db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const viaGroups = db
    .select({ roleId: groupRoles.roleId })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.groupId, groupMembers.groupId), eq(groups.status, 'ENABLED')))
    .innerJoin(groupRoles, eq(groupRoles.groupId, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
  return or(inArray(roles.roleId, own), inArray(roles.roleId, viaGroups));
}

const roleGrantsStatement = preparedPer((db) =>
  db
    .select({
      roleId: roles.roleId,
      name: roles.name,
      builtin: roles.builtin,
      requireTwoFactor: roles.requireTwoFactor,
      permissionId: rolePermissions.permissionId,
      actions: rolePermissions.actions,
      applicationIds: rolePermissions.applicationIds,
    })
    .from(roles)
    .leftJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, roles.roleId), eq(rolePermissions.applicationId, PLATFORM_APP_ID)),
    )
    .where(and(eq(roles.status, 'ENABLED'), heldRoleIds(db, sql.placeholder('userId'))))
    .orderBy(roles.name, roles.roleId, rolePermissions.permissionId)
    .prepare('role_grants'),
);

/**
 * The user's effective grants in one statement: each enabled role they hold, directly or
 * through an enabled group, with its platform permissions, one row per (role, permission).
 */
export async function platformGrantRows(db: Database, userId: string): Promise<PlatformGrantRow[]> {
  return roleGrantsStatement(db).execute({ userId });
}

/**
 * Whether an enabled role the user holds (their own, or an enabled group's) requires
 * two-factor sign-in.
 */
export async function holdsRoleRequiringTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ roleId: roles.roleId })
    .from(roles)
    .where(and(eq(roles.status, 'ENABLED'), eq(roles.requireTwoFactor, true), heldRoleIds(db, userId)))
    .limit(1);
  return row !== undefined;
}
