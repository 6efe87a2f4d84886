import {
  CATALOG_MESSAGES,
  type CreateDataObject,
  type CreateDataSet,
  type DataObject,
  type DataObjectListQuery,
  type DataSet,
  type DataSetListQuery,
  type Page,
  type UpdateDataObject,
  type UpdateDataSet,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, assertSameApplication } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { DUPLICATE_CODE } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { refused, validationFailed } from '../../lib/errors.ts';
import { applicationExists, foundInScope } from '../applications/in-scope.ts';
import { scopedTo } from '../data-access/repository.ts';
import * as repo from './repository.ts';

const dates = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdDate: row.createdAt.toISOString(),
  lastModifiedDate: row.updatedAt.toISOString(),
});

function toObject(row: repo.ObjectRow): DataObject {
  const { objectId, applicationId, name, code, description, fields } = row;
  return { objectId, applicationId, name, code, description, fields, ...dates(row) };
}

function toSet(row: repo.SetRow): DataSet {
  const { setId, applicationId, objectId, name, code, members } = row;
  return { setId, applicationId, objectId, name, code, members, ...dates(row) };
}

/** Data objects of an application (v2 `object`): the types of the instances data accesses are about. */
export class DataObjectService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'data-object', DUPLICATE_CODE);
  }

  async list(query: DataObjectListQuery): Promise<Page<DataObject>> {
    await applicationExists(this.db, query.applicationId);
    return pageOf(await repo.listObjects(this.db, query), toObject);
  }

  async get(objectId: string, scope: AppScope): Promise<DataObject> {
    return toObject(await foundInScope(objectId, scope, (id) => repo.objects.find(this.db, id)));
  }

  async create(input: CreateDataObject, ctx: AuditContext): Promise<DataObject> {
    await applicationExists(this.db, input.applicationId);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const row = await repo.objects.insert(tx, {
        applicationId: input.applicationId,
        name: input.name,
        code: input.code,
        description: input.description || null,
        fields: input.fields,
      });
      return { entityId: row.objectId, after: toObject(row) };
    });
  }

  async update(input: UpdateDataObject, ctx: AuditContext): Promise<DataObject> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await foundByUuid(input.objectId, (id) => repo.objects.findForUpdate(tx, id));
      assertSameApplication(before.applicationId, input.applicationId);
      const row = await repo.objects.update(tx, input.objectId, {
        name: input.name,
        code: input.code,
        description: input.description || null,
        fields: input.fields,
      });
      return { entityId: row.objectId, before: toObject(before), after: toObject(row) };
    });
  }

  /** Refused while sets of its instances or data accesses name it: "Used by 2 sets: a, b". */
  async remove(objectId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const before = await foundInScope(objectId, scope, (id) => repo.objects.findForUpdate(tx, id));
      const { total, labels } = await repo.setsOf(tx, objectId);
      if (total > 0) throw refused(CATALOG_MESSAGES.usedBy(total, 'set', labels));
      await refuseWhileScoped(tx, { objectId });
      await repo.objects.remove(tx, objectId);
      return { entityId: objectId, before: toObject(before), after: undefined };
    });
  }
}

/** A 409 naming the data accesses scoped to the object or set: "Used by 2 data accesses: a, b". */
async function refuseWhileScoped(db: Executor, scope: { objectId: string } | { setId: string }) {
  const { total, labels } = await scopedTo(db, scope);
  if (total > 0) throw refused(CATALOG_MESSAGES.usedBy(total, 'dataAccess', labels));
}

async function assertObjectIn(db: Executor, input: CreateDataSet): Promise<void> {
  if (!(await repo.objectIn(db, input.applicationId, input.objectId))) {
    throw validationFailed({ objectId: CATALOG_MESSAGES.unknownObject });
  }
}

/** Sets of instances of one object (v2 `set`), in the object's application. */
export class DataSetService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'data-set', DUPLICATE_CODE);
  }

  async list(query: DataSetListQuery): Promise<Page<DataSet>> {
    await applicationExists(this.db, query.applicationId);
    return pageOf(await repo.listSets(this.db, query), toSet);
  }

  async get(setId: string, scope: AppScope): Promise<DataSet> {
    return toSet(await foundInScope(setId, scope, (id) => repo.sets.find(this.db, id)));
  }

  async create(input: CreateDataSet, ctx: AuditContext): Promise<DataSet> {
    await applicationExists(this.db, input.applicationId);
    await assertObjectIn(this.db, input);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const row = await repo.sets.insert(tx, {
        applicationId: input.applicationId,
        objectId: input.objectId,
        name: input.name,
        code: input.code,
        members: [...new Set(input.members)],
      });
      return { entityId: row.setId, after: toSet(row) };
    });
  }

  async update(input: UpdateDataSet, ctx: AuditContext): Promise<DataSet> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await foundByUuid(input.setId, (id) => repo.sets.findForUpdate(tx, id));
      assertSameApplication(before.applicationId, input.applicationId);
      await assertObjectIn(tx, input);
      // The accesses scoped to the set are about its object too: it cannot change under them.
      if (input.objectId !== before.objectId) await refuseWhileScoped(tx, { setId: input.setId });
      const row = await repo.sets.update(tx, input.setId, {
        objectId: input.objectId,
        name: input.name,
        code: input.code,
        members: [...new Set(input.members)],
      });
      return { entityId: row.setId, before: toSet(before), after: toSet(row) };
    });
  }

  async remove(setId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const before = await foundInScope(setId, scope, (id) => repo.sets.findForUpdate(tx, id));
      await refuseWhileScoped(tx, { setId });
      await repo.sets.remove(tx, setId);
      return { entityId: setId, before: toSet(before), after: undefined };
    });
  }
}
