import cors from '@fastify/cors';
import { type AccessToken, guard, type Verifier } from '@gatehouse/node';
import Fastify from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token, set by the guard. */
    gatehouse?: AccessToken;
  }
}

/**
 * An application's orders API: reading the orders needs the `orders` permission with
 * `retrieve`, changing one `update`, and a refund the `order:refund` element. Every route
 * answers 401 without a valid token for this API and 403 without the grant.
 *
 * `corsOrigins`: the origins of the browser apps that call it (e.g. the SPA's
 * `http://localhost:5173`), answered with CORS; no other origin is.
 */
export function buildApi(verify: Verifier, { corsOrigins = [] }: { corsOrigins?: string[] } = {}) {
  const app = Fastify();
  app.register(cors, {
    origin: corsOrigins,
    methods: ['GET', 'PUT', 'POST'],
    allowedHeaders: ['authorization', 'content-type'],
    // The guard's 401 and 403 say why in WWW-Authenticate; a browser app may read it.
    exposedHeaders: ['www-authenticate'],
  });
  const orders = [{ id: 1, item: 'Tea', status: 'open' }];

  app.get(
    '/orders',
    { preHandler: guard(verify, { permission: 'orders', action: 'retrieve' }) },
    async () => orders,
  );

  app.put<{ Params: { id: string }; Body: { status?: string } }>(
    '/orders/:id',
    { preHandler: guard(verify, { permission: 'orders', action: 'update' }) },
    async (request, reply) => {
      const order = orders.find((o) => String(o.id) === request.params.id);
      if (!order) return reply.code(404).send({ error: 'not_found' });
      order.status = String(request.body?.status ?? order.status);
      return { ...order, updatedBy: request.gatehouse?.sub };
    },
  );

  app.post(
    '/orders/:id/refund',
    { preHandler: guard(verify, { element: 'order:refund' }) },
    async (request) => ({
      refunded: true,
      by: request.gatehouse?.sub,
    }),
  );

  return app;
}
