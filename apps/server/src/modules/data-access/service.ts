import {
  CATALOG_MESSAGES,
  type CreateDataAccess,
  type DataAccess,
  type DataAccessListQuery,
  type Page,
  type UpdateDataAccess,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, assertSameApplication } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { type EntityAudit, entityAudit, pageOf } from '../../lib/entity-service.ts';
import { notFound, validationFailed } from '../../lib/errors.ts';
import { foundInScope } from '../applications/in-scope.ts';
import { requireApplication } from '../applications/service.ts';
import { objects, sets } from '../objects/repository.ts';
import * as repo from './repository.ts';

function toDataAccess(row: repo.DataAccessRow): DataAccess {
  return {
    resourceId: row.resourceId,
    name: row.name,
    id: row.id,
    category: row.category,
    applicationId: row.applicationId,
    objectId: row.objectId,
    setId: row.setId,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

type DataAccessValues = Pick<DataAccess, 'name' | 'id' | 'category'> &
  Partial<Pick<DataAccess, 'objectId' | 'setId'>>;

/** The fields a body writes, picked from it so nothing else is stored. */
const valuesOf = ({ name, id, category, objectId, setId }: DataAccessValues): DataAccessValues => ({
  name,
  id,
  category,
  objectId: objectId ?? null,
  setId: setId ?? null,
});

/**
 * The object and set an access is scoped to, checked in its application: a set must be one of
 * the object's, and alone it implies its object. Both rows are locked, so neither can be
 * deleted while the access that names it is being written.
 */
async function resolveScope(
  db: Executor,
  applicationId: string,
  values: DataAccessValues,
): Promise<DataAccessValues> {
  const { objectId, setId } = values;
  if (setId) {
    const set = await sets.findForUpdate(db, setId);
    if (!set || set.applicationId !== applicationId || (objectId && objectId !== set.objectId)) {
      throw validationFailed({ setId: CATALOG_MESSAGES.unknownSet });
    }
    return { ...values, objectId: set.objectId };
  }
  if (objectId) {
    const object = await objects.findForUpdate(db, objectId);
    if (!object || object.applicationId !== applicationId) {
      throw validationFailed({ objectId: CATALOG_MESSAGES.unknownObject });
    }
  }
  return values;
}

/**
 * Data accesses (spec §3, §7): records of one application, edited in place; their `id` is
 * unique within it (a 409 on `id`), a PUT naming another application is a 400, and the
 * object and set they name are checked inside the change's transaction.
 */
export class DataAccessService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'data-access');
  }

  async list(query: DataAccessListQuery): Promise<Page<DataAccess>> {
    const page = await repo.list(this.db, query);
    // Rows of the application prove it exists; only an empty page asks (404 when it does not).
    if (page.rows.length === 0) await requireApplication(this.db, query.applicationId);
    return pageOf(page, toDataAccess);
  }

  /** One data access of an application in the caller's scope (the export of chosen rows). */
  async get(resourceId: string, scope: AppScope): Promise<DataAccess> {
    return toDataAccess(await foundInScope(resourceId, scope, (id) => repo.find(this.db, id)));
  }

  async create(input: CreateDataAccess, ctx: AuditContext): Promise<DataAccess> {
    await requireApplication(this.db, input.applicationId);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const values = await resolveScope(tx, input.applicationId, valuesOf(input));
      const after = toDataAccess(await repo.insert(tx, { ...values, applicationId: input.applicationId }));
      return { entityId: after.resourceId, after };
    });
  }

  async update(input: UpdateDataAccess, ctx: AuditContext): Promise<DataAccess> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const existing = await repo.findForUpdate(tx, input.resourceId);
      if (!existing) throw notFound();
      assertSameApplication(existing.applicationId, input.applicationId);
      const values = await resolveScope(tx, existing.applicationId, valuesOf(input));
      const after = toDataAccess(await repo.update(tx, input.resourceId, values));
      return { entityId: after.resourceId, before: toDataAccess(existing), after };
    });
  }

  async categories(applicationId: string): Promise<string[]> {
    await requireApplication(this.db, applicationId);
    return repo.categories(this.db, applicationId);
  }
}
