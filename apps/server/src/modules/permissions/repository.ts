import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { permissions } from '../../db/schema/index.ts';
import { countRows, type PageWindow, pageRows } from '../../lib/listing.ts';

export type PermissionRow = typeof permissions.$inferSelect;

/** One page (see `pageRows`). Keys from `permissions_app_created_idx`. */
export function listPermissions(db: Executor, page: PageWindow): Promise<PermissionRow[]> {
  return pageRows(db, permissions, permissions.resourceId, page);
}

export function countPermissions(db: Executor, where: SQL | undefined): Promise<number> {
  return countRows(db, permissions, where);
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
