import type {
  CreateDataAccess,
  DataAccess,
  DataAccessListQuery,
  Page,
  UpdateDataAccess,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { requireApplication } from '../applications/service.ts';
import { assertSameApplication } from '../../lib/app-scope.ts';
import * as repo from './repository.ts';

const ENTITY = 'data-access';

function toDataAccess(row: repo.DataAccessRow): DataAccess {
  return {
    resourceId: row.resourceId,
    name: row.name,
    id: row.id,
    category: row.category,
    applicationId: row.applicationId,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

export class DataAccessService {
  constructor(private readonly db: Database) {}

  async list(query: DataAccessListQuery): Promise<Page<DataAccess>> {
    await requireApplication(this.db, query.applicationId);
    const { rows, total } = await repo.list(this.db, query);
    return { content: rows.map(toDataAccess), totalElements: total };
  }

  async categories(applicationId: string): Promise<string[]> {
    await requireApplication(this.db, applicationId);
    return repo.categories(this.db, applicationId);
  }

  async create(input: CreateDataAccess, ctx: AuditContext): Promise<DataAccess> {
    await requireApplication(this.db, input.applicationId);
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'create' }, async (tx) => {
        const after = toDataAccess(
          await repo.insert(tx, {
            applicationId: input.applicationId,
            name: input.name,
            id: input.id,
            category: input.category,
          }),
        );
        return { entityId: after.resourceId, after };
      }),
    );
  }

  async update(input: UpdateDataAccess, ctx: AuditContext): Promise<DataAccess> {
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'update' }, async (tx) => {
        const existing = await repo.findForUpdate(tx, input.resourceId);
        if (!existing) throw notFound();
        assertSameApplication(existing.applicationId, input.applicationId);
        const after = toDataAccess(
          await repo.update(tx, input.resourceId, {
            name: input.name,
            id: input.id,
            category: input.category,
          }),
        );
        return { entityId: after.resourceId, before: toDataAccess(existing), after };
      }),
    );
  }
}
