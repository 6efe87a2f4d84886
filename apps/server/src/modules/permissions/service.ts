import type {
  CreatePermission,
  Page,
  Permission,
  PermissionListQuery,
  UpdatePermission,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { assertSameApplication } from '../../lib/app-scope.ts';
import { duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { requireApplication } from '../applications/service.ts';
import * as repo from './repository.ts';

const ENTITY = 'permission';

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

export class PermissionService {
  constructor(private readonly db: Database) {}

  async list(query: PermissionListQuery): Promise<Page<Permission>> {
    await requireApplication(this.db, query.applicationId);
    const { rows, total } = await repo.list(this.db, query);
    return { content: rows.map(toPermission), totalElements: total };
  }

  async create(input: CreatePermission, ctx: AuditContext): Promise<Permission> {
    await requireApplication(this.db, input.applicationId);
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'create' }, async (tx) => {
        const after = toPermission(
          await repo.insert(tx, {
            applicationId: input.applicationId,
            name: input.name,
            id: input.id,
            resourceType: input.resourceType,
          }),
        );
        return { entityId: after.resourceId, after };
      }),
    );
  }

  async update(input: UpdatePermission, ctx: AuditContext): Promise<Permission> {
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'update' }, async (tx) => {
        const existing = await repo.findForUpdate(tx, input.resourceId);
        if (!existing) throw notFound();
        assertSameApplication(existing.applicationId, input.applicationId);
        const after = toPermission(
          await repo.update(tx, input.resourceId, {
            name: input.name,
            id: input.id,
            resourceType: input.resourceType,
          }),
        );
        return { entityId: after.resourceId, before: toPermission(existing), after };
      }),
    );
  }
}
