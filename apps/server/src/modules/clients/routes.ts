import {
  type Action,
  type ClientListQuery,
  clientListQuerySchema,
  clientSchema,
  clientSecretInfoSchema,
  createClientSchema,
  createdClientSchema,
  legacyClientListSchema,
  MESSAGES,
  pageSchema,
  rotateClientSecretSchema,
  rotatedClientSecretSchema,
  updateClientSchema,
  updateClientStatusSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { appScope, auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';

const V2 = '/api/admin-service/v2/application/client';
const access = (action: Action) => ({ access: { permissionId: 'app-config.client', action } });
const tags = ['application clients'];

/** The legacy client calls of spec §7 and the v2 client API, over one service. */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.clients;

  app.get(
    '/api/admin-service/applicationClient/getClientList',
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "List an application's clients (legacy envelope: applicationClientList, total)",
        querystring: clientListQuerySchema,
        response: { 200: legacyClientListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const page = await service.list(request.query);
      return { applicationClientList: page.content, total: page.totalElements };
    },
  );

  app.put(
    '/api/admin-service/applicationClient/updateClientStatus',
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Toggle a client between ENABLED and DISABLED',
        querystring: z.object({ acId: z.uuid({ error: MESSAGES.required.key }) }),
        response: { 200: clientSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.toggleStatus(request.query.acId, auditContext(request), appScope(request)),
  );

  app.get(
    V2,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "List an application's clients",
        querystring: clientListQuerySchema,
        response: { 200: pageSchema(clientSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    `${V2}/:acId`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'One client (never with its secret)',
        params: z.object({ acId: z.string().max(100) }),
        response: { 200: clientSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.acId, appScope(request)),
  );

  app.post(
    V2,
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create a client; the answer carries its secret, which is never shown again',
        body: createClientSchema,
        response: { 201: createdClientSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, auditContext(request));
    },
  );

  app.put(
    V2,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Update a client's name, and its redirect URL and status where given",
        description:
          'A field left out keeps its value: `redirectUrl` is cleared only by `null` or an empty string.',
        body: updateClientSchema,
        response: { 200: clientSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.update(request.body, auditContext(request), appScope(request)),
  );

  app.put(
    `${V2}/status`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Set a client's status",
        body: updateClientStatusSchema,
        response: { 200: clientSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setStatus(request.body, auditContext(request), appScope(request)),
  );

  registerBulkRoutes(app, {
    list: 'clients',
    base: V2,
    tags,
    entity: 'application-client',
    plural: 'clients',
    permissionId: 'app-config.client',
    listQuery: clientListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as ClientListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const clients = app.services.overTransaction(tx).clients;
      return {
        setStatus: (acId, status, ctx, scope) => clients.setStatus({ acId, status }, ctx, scope),
        label: async (acId) => (await clients.get(acId, 'all')).clientName,
      };
    },
    export: {
      item: clientSchema,
      list: (query) => service.list(query as ClientListQuery),
      get: (acId, scope) => service.get(acId, scope),
    },
  });

  app.get(
    `${V2}/:acId/secret`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "A client's secrets: created, expires, last used (never the secret)",
        params: z.object({ acId: z.string().max(100) }),
        response: { 200: z.array(clientSecretInfoSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.listSecrets(request.params.acId, appScope(request)),
  );

  app.post(
    `${V2}/:acId/secret`,
    {
      config: access('update'),
      schema: {
        tags,
        summary:
          'Rotate the secret: the answer carries the new one, shown once; the previous one keeps working',
        params: z.object({ acId: z.string().max(100) }),
        body: rotateClientSecretSchema,
        response: { 201: rotatedClientSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.rotateSecret(
        request.params.acId,
        request.body,
        auditContext(request),
        appScope(request),
      );
    },
  );
};

export default clientRoutes;
