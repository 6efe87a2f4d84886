import {
  type AppApi,
  type AppApiListQuery,
  CATALOG_MESSAGES,
  type CreateAppApi,
  type Page,
  type UpdateAppApi,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, assertSameApplication } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { assertAllExist } from '../../lib/records.ts';
import { applicationExists, foundInScope } from '../applications/in-scope.ts';
import * as repo from './repository.ts';

function toAppApi(row: repo.AppApiRow): AppApi {
  return {
    apiId: row.apiId,
    applicationId: row.applicationId,
    method: row.method as AppApi['method'],
    pathPattern: row.pathPattern,
    description: row.description,
    status: row.status,
    permissionIds: row.permissionIds,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

/** The protecting permissions, once each, all of type API in the API's application. */
async function permissionIdsOf(db: Executor, input: CreateAppApi): Promise<string[]> {
  const wanted = [...new Set(input.permissionIds ?? [])];
  assertAllExist(
    await repo.permissionsIn(db, input.applicationId, wanted),
    wanted,
    'permissionIds',
    CATALOG_MESSAGES.unknownPermission,
  );
  return wanted;
}

/** HTTP APIs of an application (v2 `application/api`), each protected by permissions of type API. */
export class AppApiService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'application-api', {
      field: 'pathPattern',
      message: CATALOG_MESSAGES.duplicateApi,
    });
  }

  async list(query: AppApiListQuery): Promise<Page<AppApi>> {
    await applicationExists(this.db, query.applicationId);
    return pageOf(await repo.list(this.db, query), toAppApi);
  }

  async get(apiId: string, scope: AppScope): Promise<AppApi> {
    return toAppApi(await foundInScope(apiId, scope, (id) => repo.find(this.db, id)));
  }

  async create(input: CreateAppApi, ctx: AuditContext): Promise<AppApi> {
    await applicationExists(this.db, input.applicationId);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const permissionIds = await permissionIdsOf(tx, input);
      const row = await repo.insert(tx, {
        applicationId: input.applicationId,
        method: input.method,
        pathPattern: input.pathPattern,
        description: input.description || null,
        status: input.status ?? 'ENABLED',
        permissionIds,
      });
      return { entityId: row.apiId, after: toAppApi(row) };
    });
  }

  async update(input: UpdateAppApi, ctx: AuditContext): Promise<AppApi> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await foundByUuid(input.apiId, (id) => repo.findForUpdate(tx, id));
      assertSameApplication(before.applicationId, input.applicationId);
      const row = await repo.update(tx, input.apiId, {
        method: input.method,
        pathPattern: input.pathPattern,
        description: input.description || null,
        ...(input.status ? { status: input.status } : {}),
        ...(input.permissionIds ? { permissionIds: await permissionIdsOf(tx, input) } : {}),
      });
      return { entityId: row.apiId, before: toAppApi(before), after: toAppApi(row) };
    });
  }
}
