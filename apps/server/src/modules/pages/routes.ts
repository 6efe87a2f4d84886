import {
  type Action,
  type AppPageListQuery,
  appPageListQuerySchema,
  appPageSchema,
  createAppPageSchema,
  createPageElementSchema,
  updateAppPageSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerBulkRoutes, statusThroughUpdate } from '../../lib/bulk.ts';
import { byId, registerCrudRoutes } from '../../lib/crud-routes.ts';
import { appScope, auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';

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

  // A page's status changes through its update, as the console's Enable and Disable do.
  registerBulkRoutes(app, {
    list: 'pages',
    base: BASE,
    tags,
    entity: 'application-page',
    plural: 'pages',
    permissionId: PERMISSION,
    listQuery: appPageListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as AppPageListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const pages = app.services.overTransaction(tx).pages;
      return {
        setStatus: statusThroughUpdate(
          (id, scope) => pages.get(id, scope),
          ({ pageId, applicationId, name, route, order }, status) => ({
            pageId,
            body: { applicationId, name, route, order, status },
          }),
          ({ pageId, body }, ctx, scope) => pages.update(pageId, body, ctx, scope),
        ),
        remove: (id, ctx, scope) => pages.remove(id, ctx, scope),
        label: async (id) => (await repo.find(tx, id))?.name,
      };
    },
    export: {
      item: appPageSchema,
      list: (query) => service.list(query as AppPageListQuery),
      get: (id, scope) => service.get(id, scope),
    },
  });
};

export default pageRoutes;
