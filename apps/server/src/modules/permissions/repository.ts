import { count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { permissions } from '../../db/schema/index.ts';

export type PermissionRow = typeof permissions.$inferSelect;

/** One page as a deferred join: keys from `permissions_app_created_idx`, then those rows. */
export async function listPermissions(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<PermissionRow[]> {
  const keys = db
    .select({ key: permissions.resourceId })
    .from(permissions)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as('page_keys');
  return db
    .select(getTableColumns(permissions))
    .from(permissions)
    .innerJoin(keys, eq(permissions.resourceId, keys.key))
    .orderBy(...orderBy);
}

export async function countPermissions(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(permissions).where(where);
  return row?.n ?? 0;
}

export async function findPermissionForUpdate(
  db: Executor,
  resourceId: string,
): Promise<PermissionRow | undefined> {
  const [row] = await db
    .select()
    .from(permissions)
    .where(eq(permissions.resourceId, resourceId))
    .limit(1)
    .for('update');
  return row;
}

export async function insertPermission(
  db: Executor,
  values: typeof permissions.$inferInsert,
): Promise<PermissionRow> {
  const [row] = await db.insert(permissions).values(values).returning();
  return row!;
}

export async function updatePermission(
  db: Executor,
  resourceId: string,
  values: Pick<PermissionRow, 'name' | 'id' | 'resourceType'>,
  updatedAt: SQL,
): Promise<PermissionRow> {
  const [row] = await db
    .update(permissions)
    .set({ ...values, updatedAt })
    .where(eq(permissions.resourceId, resourceId))
    .returning();
  return row!;
}
