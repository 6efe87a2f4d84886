import {
  type CreatePermission,
  type Page,
  type Permission,
  type PermissionListQuery,
  PLATFORM_APP_ID,
  type UpdatePermission,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AppScope, assertSameApplication } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { type EntityAudit, entityAudit, pageOf } from '../../lib/entity-service.ts';
import { notFound } from '../../lib/errors.ts';
import { foundInScope } from '../applications/in-scope.ts';
import { requireApplication } from '../applications/service.ts';
import * as repo from './repository.ts';

function toPermission(row: repo.PermissionRow): Permission {
  return {
    resourceId: row.resourceId,
    name: row.name,
    id: row.id,
    resourceType: row.resourceType,
    applicationId: row.applicationId,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

/** The fields a body writes, picked from it so nothing else is stored. */
const valuesOf = ({ name, id, resourceType }: CreatePermission | UpdatePermission) => ({
  name,
  id,
  resourceType,
});

/**
 * Permissions of an application (spec §3, §7): records edited in place; their `id` is unique
 * within the application (a 409 on `id`), and a PUT naming another application is a 400.
 * Role grants name a permission by its `id`, so a rename carries them along in the same
 * transaction: a role keeps exactly what it granted, under the new id.
 */
export class PermissionService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'permission');
  }

  async list(query: PermissionListQuery): Promise<Page<Permission>> {
    const page = await repo.list(this.db, query);
    // Rows of the application prove it exists; only an empty page asks (404 when it does not).
    if (page.rows.length === 0) await requireApplication(this.db, query.applicationId);
    return pageOf(page, toPermission);
  }

  /** One permission of an application in the caller's scope (the export of chosen rows). */
  async get(resourceId: string, scope: AppScope): Promise<Permission> {
    return toPermission(await foundInScope(resourceId, scope, (id) => repo.find(this.db, id)));
  }

  async create(input: CreatePermission, ctx: AuditContext): Promise<Permission> {
    await requireApplication(this.db, input.applicationId);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const after = toPermission(
        await repo.insert(tx, { ...valuesOf(input), applicationId: input.applicationId }),
      );
      return { entityId: after.resourceId, after };
    });
  }

  async update(input: UpdatePermission, ctx: AuditContext): Promise<Permission> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const existing = await repo.findForUpdate(tx, input.resourceId);
      if (!existing) throw notFound();
      assertSameApplication(existing.applicationId, input.applicationId);
      const after = toPermission(await repo.update(tx, input.resourceId, valuesOf(input)));
      // The platform's role grants name console areas, never its permission records.
      const renamed = after.id !== existing.id && existing.applicationId !== PLATFORM_APP_ID;
      const grantsMoved = renamed
        ? await repo.renameInGrants(tx, existing.applicationId, existing.id, after.id)
        : 0;
      return {
        entityId: after.resourceId,
        before: toPermission(existing),
        after,
        ...(renamed ? { recordedAfter: { ...after, grantsMoved } } : {}),
      };
    });
  }
}
