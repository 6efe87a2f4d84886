import type {
  CreatePermission,
  Page,
  Permission,
  PermissionListQuery,
  UpdatePermission,
} from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { permissions } from '../../db/schema/index.ts';
import { assertSameApplication } from '../../lib/app-scope.ts';
import { duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { notFound } from '../../lib/errors.ts';
import {
  contains,
  createdBetween,
  keywordIn,
  offsetOf,
  oneOf,
  parseSort,
  totalOf,
} from '../../lib/listing.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { requireApplication } from '../applications/service.ts';
import * as repo from './repository.ts';

const ENTITY = 'permission';

const SORTS = {
  createdDate: permissions.createdAt,
  lastModifiedDate: permissions.updatedAt,
  name: permissions.name,
  id: permissions.id,
};

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
    const { orderBy } = parseSort(query.sort, SORTS, permissions.resourceId);
    const where = and(
      eq(permissions.applicationId, query.applicationId),
      keywordIn([permissions.name, permissions.id, permissions.resourceType], query.keyword),
      contains(permissions.name, query.name),
      contains(permissions.id, query.id),
      oneOf(permissions.resourceType, query.resourceType),
      createdBetween(permissions.createdAt, query.createdFrom, query.createdTo),
    );
    const offset = offsetOf(query);
    const rows = await repo.listPermissions(this.db, { where, orderBy, limit: query.size, offset });
    const totalElements = await totalOf(offset, query.size, rows.length, () =>
      repo.countPermissions(this.db, where),
    );
    return { content: rows.map(toPermission), totalElements };
  }

  async create(input: CreatePermission, ctx: AuditContext): Promise<Permission> {
    await requireApplication(this.db, input.applicationId);
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'create' }, async (tx) => {
        const after = toPermission(
          await repo.insertPermission(tx, {
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
        const existing = await repo.findPermissionForUpdate(tx, input.resourceId);
        if (!existing) throw notFound();
        assertSameApplication(existing.applicationId, input.applicationId);
        const after = toPermission(
          await repo.updatePermission(
            tx,
            input.resourceId,
            { name: input.name, id: input.id, resourceType: input.resourceType },
            sql`now()`,
          ),
        );
        return { entityId: after.resourceId, before: toPermission(existing), after };
      }),
    );
  }
}
