import { CATALOG_MESSAGES, type DataAccess, type DataAccessListQuery } from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { validationFailed } from '../../lib/errors.ts';
import { ScopedRecordService } from '../applications/scoped-record-service.ts';
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

export class DataAccessService extends ScopedRecordService<
  repo.DataAccessRow,
  DataAccess,
  DataAccessListQuery,
  DataAccessValues
> {
  constructor(db: Database) {
    super(db, {
      entity: 'data-access',
      repo,
      toDto: toDataAccess,
      valuesOf: ({ name, id, category, objectId, setId }) => ({
        name,
        id,
        category,
        objectId: objectId ?? null,
        setId: setId ?? null,
      }),
      resolve: resolveScope,
    });
  }

  async categories(applicationId: string): Promise<string[]> {
    await requireApplication(this.db, applicationId);
    return repo.categories(this.db, applicationId);
  }
}
