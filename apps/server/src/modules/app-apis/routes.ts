import {
  type AppApiListQuery,
  appApiListQuerySchema,
  appApiSchema,
  createAppApiSchema,
  updateAppApiSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBulkRoutes, statusThroughUpdate } from '../../lib/bulk.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import * as repo from './repository.ts';

const BASE = '/api/admin-service/v2/application/api';
const PERMISSION = 'admin-setting.application';
const tags = ['application apis'];

/** v2 `application/api` (spec §7: GET list, GET by id, POST, PUT). */
const appApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.appApis;

  registerCrudRoutes(app, {
    base: BASE,
    tags,
    noun: 'API',
    permissionId: PERMISSION,
    schemas: {
      item: appApiSchema,
      listQuery: appApiListQuerySchema,
      create: createAppApiSchema,
      update: updateAppApiSchema,
    },
    service,
    only: ['list', 'get', 'create', 'update'],
    summaries: {
      list: "List an application's HTTP APIs, with search and paging",
      create: 'Describe an HTTP API of an application and the permissions (type API) that protect it',
    },
    errors: { list: [400, 401, 403, 404], create: [400, 401, 403, 404, 409] },
  });

  // An API's status changes through its update, as the console's Enable and Disable do.
  registerBulkRoutes(app, {
    list: 'appApis',
    base: BASE,
    tags,
    entity: 'application-api',
    plural: 'apis',
    permissionId: PERMISSION,
    listQuery: appApiListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as AppApiListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const apis = app.services.overTransaction(tx).appApis;
      return {
        setStatus: statusThroughUpdate(
          (id, scope) => apis.get(id, scope),
          ({ apiId, applicationId, method, pathPattern, description }, status) => ({
            apiId,
            applicationId,
            method,
            pathPattern,
            description,
            status,
          }),
          (input, ctx) => apis.update(input, ctx),
        ),
        label: async (id) => {
          const row = await repo.find(tx, id);
          return row && `${row.method} ${row.pathPattern}`;
        },
      };
    },
    export: {
      item: appApiSchema,
      list: (query) => service.list(query as AppApiListQuery),
      get: (id, scope) => service.get(id, scope),
    },
  });
};

export default appApiRoutes;
