import {
  type Action,
  createPermissionSchema,
  type PermissionListQuery,
  pageSchema,
  permissionListQuerySchema,
  permissionSchema,
  updatePermissionSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { auditContext, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const BASE = '/api/admin-service/permission';
const access = (action: Action) => ({ access: { permissionId: 'app-config.permission', action } });
const tags = ['permissions'];

/** Reading them: this screen's right, or the role screen's, whose grant pickers list them. */
const READ: RouteAccess = {
  anyOf: [
    { permissionId: 'app-config.permission', action: 'retrieve' },
    { permissionId: 'admin-setting.manage-role', action: 'retrieve' },
  ],
};

/** The legacy permission API of spec §7, with its exact paths. */
const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.permissions;

  app.get(
    `${BASE}/getPermissionList`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "List an application's permissions, with search and paging",
        querystring: permissionListQuerySchema,
        response: { 200: pageSchema(permissionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    `${BASE}/createPermission`,
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create a permission',
        body: createPermissionSchema,
        response: { 201: permissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    // 201 as every create answers; the spec's client takes any 2xx as success.
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, auditContext(request));
    },
  );

  app.put(
    `${BASE}/updatePermission`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Update a permission',
        body: updatePermissionSchema,
        response: { 200: permissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.body, auditContext(request)),
  );

  // A permission has neither status nor delete: the list only exports.
  registerBulkRoutes(app, {
    list: 'permissions',
    base: BASE,
    tags,
    entity: 'permission',
    plural: 'permissions',
    permissionId: 'app-config.permission',
    listQuery: permissionListQuerySchema,
    uuidKeys: true,
    export: {
      item: permissionSchema,
      access: READ,
      list: (query) => service.list(query as PermissionListQuery),
      get: (id, scope) => service.get(id, scope),
    },
  });
};

export default permissionRoutes;
