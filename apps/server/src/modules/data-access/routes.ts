import {
  type Action,
  createDataAccessSchema,
  type DataAccessListQuery,
  dataAccessCategoriesQuerySchema,
  dataAccessCategoriesSchema,
  dataAccessListQuerySchema,
  dataAccessSchema,
  pageSchema,
  updateDataAccessSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const access = (action: Action) => ({ access: { permissionId: 'app-config.data-access', action } });
const tags = ['data accesses'];

/** The legacy data-access API of spec §7, with its exact paths and envelopes. */
const dataAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.dataAccesses;

  app.get(
    '/api/admin-service/data/accesses',
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "List an application's data accesses, with search and paging",
        querystring: dataAccessListQuerySchema,
        response: { 200: pageSchema(dataAccessSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/admin-service/data/access/categories',
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "The distinct categories of an application's data accesses, sorted",
        querystring: dataAccessCategoriesQuerySchema,
        response: { 200: dataAccessCategoriesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.categories(request.query.applicationId),
  );

  app.post(
    '/api/admin-service/data/access',
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create a data access',
        body: createDataAccessSchema,
        response: { 201: dataAccessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    // 201 as every create answers; the spec's client takes any 2xx as success.
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, auditContext(request));
    },
  );

  app.put(
    '/api/admin-service/data/access',
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Update a data access',
        body: updateDataAccessSchema,
        response: { 200: dataAccessSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.body, auditContext(request)),
  );

  // A data access has neither status nor delete: the list only exports.
  registerBulkRoutes(app, {
    list: 'dataAccesses',
    base: '/api/admin-service/data/accesses',
    tags,
    entity: 'data-access',
    plural: 'data accesses',
    permissionId: 'app-config.data-access',
    listQuery: dataAccessListQuerySchema,
    uuidKeys: true,
    export: {
      item: dataAccessSchema,
      list: (query) => service.list(query as DataAccessListQuery),
      get: (id, scope) => service.get(id, scope),
    },
  });
};

export default dataAccessRoutes;
