import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resources, roleResources } from '../../db/schema/index.ts';

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
