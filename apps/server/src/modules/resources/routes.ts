import {
  type Action,
  createResourceSchema,
  pageSchema,
  resourceListQuerySchema,
  resourceSchema,
  updateResourceSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { appScope, auditContext, type RouteAccess } from '../../plugins/auth.ts';

const access = (action: Action) => ({ access: { permissionId: 'app-config.resource', action } });
const tags = ['resources'];

/** Reading them: this screen's right, or the role screen's, whose grant pickers list them. */
const READ: RouteAccess = {
  anyOf: [
    { permissionId: 'app-config.resource', action: 'retrieve' },
    { permissionId: 'admin-setting.manage-role', action: 'retrieve' },
  ],
};

/** The legacy resource API of spec §7: a tree of categories, menus and elements. */
const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.resources;

  app.get(
    '/api/admin-service/resources',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'List root resources, or with any search filter the matching ones at any depth',
        querystring: resourceListQuerySchema,
        response: { 200: pageSchema(resourceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/admin-service/resources/:id',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'The direct children of a resource (by resourceId), sorted by order then name',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.array(resourceSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.children(request.params.id, appScope(request)),
  );

  app.post(
    '/api/admin-service/resource',
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create a resource',
        body: createResourceSchema,
        response: { 201: resourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    // 201 as every create answers; the spec's client takes any 2xx as success.
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, auditContext(request));
    },
  );

  app.put(
    '/api/admin-service/resource',
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Replace a resource (the console toggles the status this way)',
        body: updateResourceSchema,
        response: { 200: resourceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.body, auditContext(request)),
  );
};

export default resourceRoutes;
