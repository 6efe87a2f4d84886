import {
  type Action,
  createWebhookSchema,
  deliveryIdParamsSchema,
  deliveryListQuerySchema,
  statusBodySchema,
  updateWebhookSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PERMISSION_ID,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookIdParamsSchema,
  webhookListQuerySchema,
  webhookPageSchema,
  webhookSchema,
  webhookSecretSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appScope, auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const BASE = '/api/admin-service/v2/webhooks';
const access = (action: Action) => ({ access: { permissionId: WEBHOOK_PERMISSION_ID, action } });
const tags = ['webhooks'];

/**
 * Webhooks and their delivery logs. Every route checks a grant on the Webhooks permission; a
 * grant limited to some applications reaches their webhooks alone (a platform webhook, or
 * another application's, is a 403).
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.webhooks;

  app.get(
    BASE,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'List webhooks, newest first: an application’s, the platform’s, or all the caller reaches',
        querystring: webhookListQuerySchema,
        response: { 200: webhookPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query, appScope(request)),
  );

  app.get(
    `${BASE}/event-types`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'The event types the console offers',
        response: { 200: z.array(z.string()), ...errorResponses(401, 403) },
      },
    },
    async () => [...WEBHOOK_EVENT_TYPES],
  );

  app.post(
    BASE,
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create a webhook; the answer carries its signing secret, which is never shown again',
        body: createWebhookSchema,
        response: { 201: webhookSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, auditContext(request), appScope(request));
    },
  );

  app.get(
    `${BASE}/:webhookId`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'One webhook (never with its secret)',
        params: webhookIdParamsSchema,
        response: { 200: webhookSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.webhookId, appScope(request)),
  );

  app.put(
    `${BASE}/:webhookId`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Update a webhook's name, URL, events, description and whether it is enabled",
        params: webhookIdParamsSchema,
        body: updateWebhookSchema,
        response: { 200: webhookSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.update(request.params.webhookId, request.body, auditContext(request), appScope(request)),
  );

  app.put(
    `${BASE}/:webhookId/status`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Enable or disable a webhook; enabling clears its failing state',
        params: webhookIdParamsSchema,
        body: statusBodySchema,
        response: { 200: webhookSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setStatus(
        request.params.webhookId,
        request.body.status,
        auditContext(request),
        appScope(request),
      ),
  );

  app.delete(
    `${BASE}/:webhookId`,
    {
      config: access('delete'),
      schema: {
        tags,
        summary: 'Delete a webhook with its delivery log',
        params: webhookIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.webhookId, auditContext(request), appScope(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}/:webhookId/rotate-secret`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'A new signing secret, shown this once; the old one stops signing at once',
        params: webhookIdParamsSchema,
        response: { 200: webhookSecretSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.rotateSecret(request.params.webhookId, auditContext(request), appScope(request)),
  );

  app.post(
    `${BASE}/:webhookId/test`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Send a `webhook.test` event to this webhook alone; the answer is its delivery, pending',
        params: webhookIdParamsSchema,
        response: { 201: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.sendTest(request.params.webhookId, appScope(request));
    },
  );

  app.get(
    `${BASE}/:webhookId/deliveries`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first",
        params: webhookIdParamsSchema,
        querystring: deliveryListQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.deliveries(request.params.webhookId, request.query, appScope(request)),
  );

  app.get(
    `${BASE}/:webhookId/deliveries/:deliveryId`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'One delivery: what was sent, and the start of the last answer',
        params: deliveryIdParamsSchema,
        response: { 200: webhookDeliveryDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.delivery(request.params.webhookId, request.params.deliveryId, appScope(request)),
  );

  app.post(
    `${BASE}/:webhookId/deliveries/:deliveryId/redeliver`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Send a finished delivery again: a new delivery with the same `webhook-id` and payload',
        description: 'A delivery still pending is a 409 (`webhook.notPending`).',
        params: deliveryIdParamsSchema,
        response: { 201: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.redeliver(request.params.webhookId, request.params.deliveryId, appScope(request));
    },
  );
};

export default webhookRoutes;
