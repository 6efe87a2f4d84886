import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { resources, roleResources } from '../../db/schema/index.ts';

export type ResourceRow = typeof resources.$inferSelect;

/** The application's enabled resources that any of the roles grants, in display order. */
export async function findGrantedResources(
  db: Executor,
  applicationId: string,
  roleIds: string[],
): Promise<ResourceRow[]> {
  if (roleIds.length === 0) return [];
  const granted = db
    .selectDistinct({ resourceId: roleResources.resourceId })
    .from(roleResources)
    .where(inArray(roleResources.roleId, roleIds));
  return db
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.applicationId, applicationId),
        eq(resources.status, 'ENABLED'),
        inArray(resources.resourceId, granted),
      ),
    )
    .orderBy(asc(resources.order), asc(resources.id));
}
