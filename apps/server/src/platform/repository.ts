import { actionsOf, PLATFORM_APP_ID } from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  applications,
  dictionaries,
  dictionaryItems,
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
  users,
} from '../db/schema/index.ts';

/** The queries of the seed: what a fresh installation needs, written only where it is missing. */

/** Any 64-bit number; serialises seeding across instances starting together on one database. */
const SEED_LOCK_KEY = 4_711_2025;

/** Holds the seed lock until the transaction ends. */
export async function lockSeeding(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}

export async function platformExists(tx: Executor): Promise<boolean> {
  const [row] = await tx
    .select({ id: applications.applicationId })
    .from(applications)
    .where(eq(applications.applicationId, PLATFORM_APP_ID));
  return row !== undefined;
}

export async function insertPlatform(
  tx: Executor,
  values: Omit<typeof applications.$inferInsert, 'applicationId'>,
): Promise<void> {
  await tx.insert(applications).values({ ...values, applicationId: PLATFORM_APP_ID });
}

/** The platform tree's resources: id → resourceId. */
export async function platformResourceKeys(tx: Executor): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: resources.id, resourceId: resources.resourceId })
    .from(resources)
    .where(eq(resources.applicationId, PLATFORM_APP_ID));
  return new Map(rows.map((r) => [r.id, r.resourceId]));
}

/** Adds platform resources in one statement; each carries its own key, so children can name their parent. */
export async function insertPlatformResources(
  tx: Executor,
  values: (Omit<typeof resources.$inferInsert, 'applicationId'> & { resourceId: string })[],
): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(resources).values(values.map((v) => ({ ...v, applicationId: PLATFORM_APP_ID })));
}

export async function findRoleId(tx: Executor, code: string): Promise<string | undefined> {
  const [row] = await tx.select({ roleId: roles.roleId }).from(roles).where(eq(roles.code, code));
  return row?.roleId;
}

export async function insertRole(tx: Executor, values: typeof roles.$inferInsert): Promise<string> {
  const [row] = await tx.insert(roles).values(values).returning({ roleId: roles.roleId });
  return row!.roleId;
}

/**
 * Grants each permission every action it offers (`actionsOf`); a grant already there gains
 * the actions it lacks, and covers every application again.
 */
export async function grantAllActions(tx: Executor, roleId: string, permissionIds: string[]): Promise<void> {
  await tx
    .insert(rolePermissions)
    .values(
      permissionIds.map((permissionId) => ({
        roleId,
        applicationId: PLATFORM_APP_ID,
        permissionId,
        actions: [...actionsOf(PLATFORM_APP_ID, permissionId)],
      })),
    )
    .onConflictDoUpdate({
      target: [rolePermissions.roleId, rolePermissions.applicationId, rolePermissions.permissionId],
      set: { actions: sql`excluded.actions`, applicationIds: null },
    });
}

/** Grants every resource of the platform application that the role does not hold yet. */
export async function grantPlatformResources(tx: Executor, roleId: string): Promise<void> {
  const platformResources = await tx
    .select({ resourceId: resources.resourceId })
    .from(resources)
    .where(eq(resources.applicationId, PLATFORM_APP_ID));
  if (platformResources.length === 0) return;
  await tx
    .insert(roleResources)
    .values(platformResources.map((r) => ({ roleId, resourceId: r.resourceId })))
    .onConflictDoNothing();
}

export async function findUserId(tx: Executor, username: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: users.userId })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row?.userId;
}

/** A user holding one role. */
export async function insertUserWithRole(
  tx: Executor,
  values: typeof users.$inferInsert,
  roleId: string,
): Promise<string> {
  const [row] = await tx.insert(users).values(values).returning({ userId: users.userId });
  await tx.insert(userRoles).values({ userId: row!.userId, roleId });
  return row!.userId;
}

/** The platform's dictionary with `code`, if it exists. */
export async function findPlatformDictionaryId(tx: Executor, code: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: dictionaries.dictionaryId })
    .from(dictionaries)
    .where(and(eq(dictionaries.applicationId, PLATFORM_APP_ID), eq(dictionaries.code, code)));
  return row?.id;
}

export async function insertPlatformDictionary(
  tx: Executor,
  values: Omit<typeof dictionaries.$inferInsert, 'applicationId'>,
  items: Omit<typeof dictionaryItems.$inferInsert, 'dictionaryId'>[],
): Promise<string> {
  const [row] = await tx
    .insert(dictionaries)
    .values({ ...values, applicationId: PLATFORM_APP_ID })
    .returning({ id: dictionaries.dictionaryId });
  const dictionaryId = row!.id;
  if (items.length > 0) await tx.insert(dictionaryItems).values(items.map((i) => ({ ...i, dictionaryId })));
  return dictionaryId;
}
