import type { UserListQuery } from '@gatehouse/contract';
import { and, asc, desc, eq, getTableColumns, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  groupMembers,
  groupRoles,
  groups,
  organizations,
  roles,
  sessions,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';
import { activeUser } from '../access/repository.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** What the list reads: every column but the password hash. */
const { passwordHash: _passwordHash, ...userFields } = getTableColumns(users);
export type ListedUser = Omit<UserRow, 'passwordHash'>;

/** Keys from `users_created_idx` in the default order. */
export const list = definePagedList({
  name: 'users',
  table: users,
  key: users.userId,
  fields: userFields,
  sorts: {
    username: users.username,
    name: users.name,
    email: users.email,
    lastSignInDate: users.lastSignInAt,
  },
  filters: (query: UserListQuery) => [
    keywordIn([users.username, users.name, users.email], query.keyword),
    contains(users.username, query.username),
    contains(users.name, query.name),
    contains(users.email, query.email),
    oneOf(users.status, query.status),
    query.organizationId === undefined ? undefined : eq(users.organizationId, query.organizationId),
    query.roleId === undefined
      ? undefined
      : inArray(
          users.userId,
          sql`(select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = ${query.roleId})`,
        ),
    query.groupId === undefined
      ? undefined
      : inArray(
          users.userId,
          sql`(select ${groupMembers.userId} from ${groupMembers} where ${groupMembers.groupId} = ${query.groupId})`,
        ),
  ],
});

export const { find, findForUpdate, insert, update, remove } = byKey(users, users.userId);
export const existingUsers = byKey(users, users.userId).existing;
export const existingRoles = byKey(roles, roles.roleId).existing;
export const existingGroups = byKey(groups, groups.groupId).existing;
export const existingOrganizations = byKey(organizations, organizations.organizationId).existing;

export type NamedRow = { id: string; name: string; code: string };

/** The roles the user holds directly, by name. */
export async function rolesOf(db: Executor, userId: string): Promise<NamedRow[]> {
  return db
    .select({ id: roles.roleId, name: roles.name, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name), asc(roles.roleId));
}

/** The groups the user is a member of, by name. */
export async function groupsOf(db: Executor, userId: string): Promise<NamedRow[]> {
  return db
    .select({ id: groups.groupId, name: groups.name, code: groups.code })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.groupId, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.name), asc(groups.groupId));
}

export async function replaceRoles(db: Executor, userId: string, roleIds: string[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function replaceGroups(db: Executor, userId: string, groupIds: string[]): Promise<void> {
  await db.delete(groupMembers).where(eq(groupMembers.userId, userId));
  if (groupIds.length > 0) {
    await db.insert(groupMembers).values(groupIds.map((groupId) => ({ userId, groupId })));
  }
}

/** The user's live sessions, the most recently used first. */
export async function liveSessions(db: Executor, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.sessionId));
}

/** Ends one session of the user, or all of them; the number ended. */
export async function endSessions(db: Executor, userId: string, sessionId?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sessionId === undefined ? undefined : eq(sessions.sessionId, sessionId),
      ),
    )
    .returning({ id: sessions.sessionId });
  return rows.length;
}

/** Any 64-bit number: serialises the changes that could leave no administrator. */
const ADMINISTRATION_LOCK_KEY = 4_711_2026;

export async function lockAdministration(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATION_LOCK_KEY})`);
}

/**
 * The active users (access/repository.ts) who hold the built-in role, directly or through an enabled group (only
 * `userId`, when given), in key order.
 */
export async function administratorIds(db: Executor, userId?: string): Promise<string[]> {
  const builtin = db
    .select({ roleId: roles.roleId })
    .from(roles)
    .where(and(eq(roles.builtin, true), eq(roles.status, 'ENABLED')));
  const direct = db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.roleId, builtin));
  const viaGroups = db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.groupId, groupMembers.groupId), eq(groups.status, 'ENABLED')))
    .innerJoin(groupRoles, eq(groupRoles.groupId, groupMembers.groupId))
    .where(inArray(groupRoles.roleId, builtin));
  const rows = await db
    .select({ userId: users.userId })
    .from(users)
    .where(
      and(
        activeUser(),
        userId === undefined ? undefined : eq(users.userId, userId),
        or(inArray(users.userId, direct), inArray(users.userId, viaGroups)),
      ),
    )
    .orderBy(asc(users.userId));
  return rows.map((r) => r.userId);
}

/** The built-in role's key (one role, as the seed makes it). */
export async function builtinRoleIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ roleId: roles.roleId }).from(roles).where(eq(roles.builtin, true));
  return rows.map((r) => r.roleId);
}

/** Whether the user is an enabled holder of the built-in role. */
export async function isAdministrator(db: Executor, userId: string): Promise<boolean> {
  return (await administratorIds(db, userId)).length > 0;
}
