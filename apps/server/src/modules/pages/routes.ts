import {
  type Action,
  appPageListQuerySchema,
  appPageSchema,
  createAppPageSchema,
  createPageElementSchema,
  updateAppPageSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byId, registerCrudRoutes } from '../../lib/crud-routes.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { appScope, auditContext } from '../../lib/request-context.ts';

const BASE = '/api/admin-service/v2/application/pages';
const PERMISSION = 'admin-setting.application';
const access = (action: Action) => ({ access: { permissionId: PERMISSION, action } });
const tags = ['application pages'];

/**
 * v2 `application/pages` (spec §7: GET list, GET by id, POST, PUT by id, DELETE by id) and
 * `application/pages/{id}/elements` (POST, DELETE by element code).
 */
const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.pages;

  registerCrudRoutes(app, {
    base: BASE,
    tags,
    noun: 'page',
    permissionId: PERMISSION,
    schemas: {
      item: appPageSchema,
      listQuery: appPageListQuerySchema,
      create: createAppPageSchema,
      update: updateAppPageSchema,
    },
    service,
    only: ['list', 'get', 'create', 'delete'],
    summaries: {
      list: "List an application's pages with their elements, with search and paging",
      delete: 'Delete a page that has no elements',
    },
    errors: { list: [400, 401, 403, 404], create: [400, 401, 403, 404, 409] },
  });

  app.put(
    `${BASE}/:id`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Update a page (the key in the path): name, route, order and status',
        params: byId,
        body: updateAppPageSchema,
        response: { 200: appPageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.update(request.params.id, request.body, auditContext(request), appScope(request)),
  );

  app.post(
    `${BASE}/:id/elements`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Add an element (a button) to a page, shown to the holders of its roles',
        params: byId,
        body: createPageElementSchema,
        response: { 201: appPageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.addElement(request.params.id, request.body, auditContext(request), appScope(request));
    },
  );

  app.delete(
    `${BASE}/:id/elements/:element`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Delete a page's element, by its code",
        params: byId.extend({ element: z.string().max(100) }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeElement(
        request.params.id,
        request.params.element,
        auditContext(request),
        appScope(request),
      );
      return reply.code(204).send(null);
    },
  );
};

export default pageRoutes;
