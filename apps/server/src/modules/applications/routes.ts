import {
  type Action,
  applicationListQuerySchema,
  applicationSchema,
  createApplicationSchema,
  pageSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { auditContext } from '../../plugins/auth.ts';

const BASE = '/api/admin-service/v2/application';
const access = (action: Action) => ({ access: { permissionId: 'admin-setting.application', action } });
const tags = ['applications'];

const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.applications;

  app.get(
    BASE,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'List applications, with search and paging',
        querystring: applicationListQuerySchema,
        response: { 200: pageSchema(applicationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'One application',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: applicationSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    BASE,
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create an application',
        body: createApplicationSchema,
        response: { 201: applicationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, auditContext(request));
    },
  );
};

export default applicationRoutes;
