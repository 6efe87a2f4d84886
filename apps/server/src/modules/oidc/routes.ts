import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  interactionDetailsSchema,
  interactionLoginSchema,
  interactionRedirectSchema,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { requestMeta } from '../../plugins/auth.ts';
import { deviceOf, rememberDevice } from '../../plugins/device-cookie.ts';
import { securityHeadersFor } from '../../plugins/security-headers.ts';

export const OIDC_PREFIX = '/oidc';
const INTERACTION = '/api/oauth2-server/interaction/:uid';
const tags = ['openid connect'];
const params = z.object({ uid: z.string().min(1).max(100) });

/**
 * oidc-provider mounted under /oidc through its Node callback, in a scope of its own with no
 * body parsers: it reads the request body itself. The scope lies outside /api, so the
 * console's access control does not apply; the provider authenticates its clients.
 */
async function providerScope(app: FastifyInstance) {
  const service = app.services.oidc;
  const callbacks = new WeakMap<Provider, (req: IncomingMessage, res: ServerResponse) => void>();
  app.removeAllContentTypeParsers();
  // Leaves the body unread for the provider.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = await service.provider();
    let callback = callbacks.get(provider);
    if (!callback) {
      callback = provider.callback();
      callbacks.set(provider, callback);
    }
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(OIDC_PREFIX.length) || '/';
    reply.hijack();
    // A hijacked answer skips the onSend hooks: the headers go on first. The provider adds the
    // hash of its one inline script (form_post) to this CSP's script-src itself.
    for (const [name, value] of Object.entries(securityHeadersFor(request))) reply.raw.setHeader(name, value);
    callback(raw, reply.raw);
  };
  app.all('/', handle);
  app.all('/*', handle);
}

/** The provider and the interaction API of the console's /oauth page. */
const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.oidc;
  app.register(providerScope, { prefix: OIDC_PREFIX });

  app.get(
    INTERACTION,
    {
      // The interaction id is the capability: random, short-lived, bound to the browser's cookie at the provider.
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'What an OIDC sign-in asks: the client, its application, the scopes, whether a login is needed',
        params,
        response: { 200: interactionDetailsSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.details(request.params.uid),
  );

  app.post(
    `${INTERACTION}/login`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Sign in for an OIDC interaction: with the console session (Authorization) or a username and password (throttled and audited like the console sign-in)',
        params,
        body: interactionLoginSchema,
        response: { 200: interactionRedirectSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const session = await app.services.sessions.resolve(request.headers.authorization);
      const body = request.body;
      const answer = await service.login(
        request.params.uid,
        body,
        session,
        requestMeta(request),
        deviceOf(request),
      );
      // A right password (not the console session) makes this browser a known device of the account.
      if (body?.username !== undefined) rememberDevice(request, reply, body.username);
      return answer;
    },
  );

  app.post(
    `${INTERACTION}/consent`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Approve the scopes of an OIDC interaction; the grant is remembered',
        params,
        response: { 200: interactionRedirectSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => service.consent(request.params.uid),
  );

  app.post(
    `${INTERACTION}/abort`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Decline an OIDC interaction: the client receives access_denied',
        params,
        response: { 200: interactionRedirectSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.abort(request.params.uid),
  );
};

export default oidcRoutes;
