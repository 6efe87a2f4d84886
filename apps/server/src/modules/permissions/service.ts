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
import { rethrowDuplicateId } from '../../lib/db-errors.ts';
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
import { type AuditContext, audit } from '../../plugins/audit.ts';
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
    try {
      return await this.db.transaction(async (tx) => {
        const created = toPermission(
          await repo.insertPermission(tx, {
            applicationId: input.applicationId,
            name: input.name,
            id: input.id,
            resourceType: input.resourceType,
          }),
        );
        await audit(tx, ctx, {
          action: 'create',
          entity: ENTITY,
          entityId: created.resourceId,
          after: created,
        });
        return created;
      });
    } catch (err) {
      rethrowDuplicateId(err);
    }
  }

  async update(input: UpdatePermission, ctx: AuditContext): Promise<Permission> {
    try {
      return await this.db.transaction(async (tx) => {
        const existing = await repo.findPermissionForUpdate(tx, input.resourceId);
        if (!existing) throw notFound();
        assertSameApplication(existing.applicationId, input.applicationId);
        const updated = toPermission(
          await repo.updatePermission(
            tx,
            input.resourceId,
            { name: input.name, id: input.id, resourceType: input.resourceType },
            sql`now()`,
          ),
        );
        await audit(tx, ctx, {
          action: 'update',
          entity: ENTITY,
          entityId: updated.resourceId,
          before: toPermission(existing),
          after: updated,
        });
        return updated;
      });
    } catch (err) {
      rethrowDuplicateId(err);
    }
  }
}
