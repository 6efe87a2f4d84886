import type { Permission, PermissionListQuery } from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { ScopedRecordService } from '../applications/scoped-record-service.ts';
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

type PermissionValues = Pick<Permission, 'name' | 'id' | 'resourceType'>;

export class PermissionService extends ScopedRecordService<
  repo.PermissionRow,
  Permission,
  PermissionListQuery,
  PermissionValues
> {
  constructor(db: Database) {
    super(db, {
      entity: 'permission',
      repo,
      toDto: toPermission,
      valuesOf: ({ name, id, resourceType }) => ({ name, id, resourceType }),
    });
  }
}
