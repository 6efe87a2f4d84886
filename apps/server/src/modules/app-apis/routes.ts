import {
  appApiListQuerySchema,
  appApiSchema,
  createAppApiSchema,
  updateAppApiSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';

/** v2 `application/api` (spec §7: GET list, GET by id, POST, PUT). */
const appApiRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/api/admin-service/v2/application/api',
    tags: ['application apis'],
    noun: 'API',
    permissionId: 'admin-setting.application',
    schemas: {
      item: appApiSchema,
      listQuery: appApiListQuerySchema,
      create: createAppApiSchema,
      update: updateAppApiSchema,
    },
    service: app.services.appApis,
    only: ['list', 'get', 'create', 'update'],
    summaries: {
      list: "List an application's HTTP APIs, with search and paging",
      create: 'Describe an HTTP API of an application and the permissions (type API) that protect it',
    },
    errors: { list: [400, 401, 403, 404], create: [400, 401, 403, 404, 409] },
  });
};

export default appApiRoutes;
