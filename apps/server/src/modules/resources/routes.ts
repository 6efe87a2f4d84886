import {
  type Action,
  createResourceSchema,
  PLATFORM_APP_ID,
  pageSchema,
  type ResourceListQuery,
  resourceListQuerySchema,
  resourceSchema,
  updateResourceSchema,
} from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppScope, assertInScope } from '../../lib/app-scope.ts';
import { scopeOf } from '../../lib/auth-state.ts';
import { registerBulkRoutes, statusThroughUpdate } from '../../lib/bulk.ts';
import { appScope, auditContext, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';
import { resourceSearch } from './service.ts';

const access = (action: Action) => ({ access: { permissionId: 'app-config.resource', action } });
const tags = ['resources'];

/** Reading them: this screen's right, or the role screen's, whose grant pickers list them. */
const READ: RouteAccess = {
  anyOf: [
    { permissionId: 'app-config.resource', action: 'retrieve' },
    { permissionId: 'admin-setting.manage-role', action: 'retrieve' },
  ],
};

/**
 * Where a read of the trees reaches: the checked grant's applications, and for the role
 * screen the platform's tree too. A role's grants may name the console's own menus and
 * buttons whatever applications its manager is limited to (they lie within every scope, as
 * delegation has it), so that manager must see them to grant or remove them.
 */
function readScope(request: FastifyRequest): AppScope {
  const scope = appScope(request);
  if (scope === 'all' || !request.auth) return scope;
  if (scopeOf(request.auth, 'admin-setting.manage-role', 'retrieve') === null) return scope;
  return new Set([...scope, PLATFORM_APP_ID]);
}

/** The legacy resource API of spec §7: a tree of categories, menus and elements. */
const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.resources;

  app.get(
    '/api/admin-service/resources',
    {
      // The handler checks the named application against readScope itself.
      config: { access: READ, filtersByScope: true },
      schema: {
        tags,
        summary: 'List root resources, or with any search filter the matching ones at any depth',
        description:
          "A caller limited to some applications reads theirs, and with the role screen's right the platform's tree too.",
        querystring: resourceListQuerySchema,
        response: { 200: pageSchema(resourceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      assertInScope(readScope(request), request.query.applicationId);
      return service.list(request.query);
    },
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
    async (request) => service.children(request.params.id, readScope(request)),
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

  // A node's status changes through its full replace, as the console's Enable and Disable do.
  // All matching is what the list shows: the roots, or with a search the matches at any depth.
  registerBulkRoutes(app, {
    list: 'resources',
    base: '/api/admin-service/resource',
    tags,
    entity: 'resource',
    plural: 'resources',
    permissionId: 'app-config.resource',
    listQuery: resourceListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...resourceSearch(query as ResourceListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const resources = app.services.overTransaction(tx).resources;
      return {
        setStatus: statusThroughUpdate(
          (id, scope) => resources.get(id, scope),
          ({ resourceId, name, id, type, url, order, applicationId, parentId }, status) => ({
            resourceId,
            name,
            id,
            type,
            url,
            order,
            status,
            applicationId,
            parentId,
          }),
          (input, ctx) => resources.update(input, ctx),
        ),
        label: async (id) => (await repo.find(tx, id))?.name,
      };
    },
    export: {
      item: resourceSchema,
      list: (query) => service.list(query as ResourceListQuery),
      get: (id, scope) => service.get(id, scope),
    },
  });
};

export default resourceRoutes;
