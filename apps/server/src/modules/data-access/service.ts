import type {
  CreateDataAccess,
  DataAccess,
  DataAccessListQuery,
  Page,
  UpdateDataAccess,
} from '@gatehouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dataAccesses } from '../../db/schema/index.ts';
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
import { assertSameApplication } from '../../lib/app-scope.ts';
import * as repo from './repository.ts';

const ENTITY = 'data-access';

const SORTS = {
  createdDate: dataAccesses.createdAt,
  lastModifiedDate: dataAccesses.updatedAt,
  name: dataAccesses.name,
  id: dataAccesses.id,
  category: dataAccesses.category,
};

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
    const { orderBy } = parseSort(query.sort, SORTS, dataAccesses.resourceId);
    const where = and(
      eq(dataAccesses.applicationId, query.applicationId),
      keywordIn([dataAccesses.name, dataAccesses.id, dataAccesses.category], query.keyword),
      contains(dataAccesses.name, query.name),
      contains(dataAccesses.id, query.id),
      oneOf(dataAccesses.category, query.category),
      createdBetween(dataAccesses.createdAt, query.createdFrom, query.createdTo),
    );
    const offset = offsetOf(query);
    const rows = await repo.listDataAccesses(this.db, { where, orderBy, limit: query.size, offset });
    const totalElements = await totalOf(offset, query.size, rows.length, () =>
      repo.countDataAccesses(this.db, where),
    );
    return { content: rows.map(toDataAccess), totalElements };
  }

  async categories(applicationId: string): Promise<string[]> {
    await requireApplication(this.db, applicationId);
    return repo.listCategories(this.db, applicationId);
  }

  async create(input: CreateDataAccess, ctx: AuditContext): Promise<DataAccess> {
    await requireApplication(this.db, input.applicationId);
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'create' }, async (tx) => {
        const after = toDataAccess(
          await repo.insertDataAccess(tx, {
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
        const existing = await repo.findDataAccessForUpdate(tx, input.resourceId);
        if (!existing) throw notFound();
        assertSameApplication(existing.applicationId, input.applicationId);
        const after = toDataAccess(
          await repo.updateDataAccess(
            tx,
            input.resourceId,
            { name: input.name, id: input.id, category: input.category },
            sql`now()`,
          ),
        );
        return { entityId: after.resourceId, before: toDataAccess(existing), after };
      }),
    );
  }
}
