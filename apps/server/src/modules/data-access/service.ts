import type { DataAccess, DataAccessListQuery } from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { ScopedRecordService } from '../applications/scoped-record-service.ts';
import { requireApplication } from '../applications/service.ts';
import * as repo from './repository.ts';

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

type DataAccessValues = Pick<DataAccess, 'name' | 'id' | 'category'>;

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
      valuesOf: ({ name, id, category }) => ({ name, id, category }),
    });
  }

  async categories(applicationId: string): Promise<string[]> {
    await requireApplication(this.db, applicationId);
    return repo.categories(this.db, applicationId);
  }
}
