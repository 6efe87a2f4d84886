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
import { requestMeta } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { deviceOf, rememberDevice } from '../../plugins/device-cookie.ts';
import { securityHeadersFor } from '../../plugins/security-headers.ts';
import { browserSecretOf } from '../federation/sign-in.ts';
import { ceremonySecretOf } from '../passkeys/routes.ts';
import { INTERACTION_API } from './interaction-cookie.ts';
import type { BrowserExchange } from './service.ts';

export const OIDC_PREFIX = '/oidc';
const INTERACTION = `${INTERACTION_API}/:uid`;
const tags = ['openid connect'];
const params = z.object({ uid: z.string().min(1).max(100) });
const BOUND =
  'The interaction is bound to the browser that started it: the provider set its interaction ' +
  'cookie for this path when it sent the browser to /oauth, and the call must carry it (a same-origin ' +
  'fetch of the /oauth page does). Without it (another browser, or the interaction expired) the ' +
  'answer is 404, the same as for an unknown id, and names neither the account nor the client.';

/** The raw request and answer, where the provider reads the interaction cookie. */
const browserOf = (request: FastifyRequest, reply: FastifyReply): BrowserExchange => ({
  req: request.raw,
  res: reply.raw,
});

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
      // No console session needed: the interaction's cookie in the browser that started it is the capability.
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'What an OIDC sign-in asks: the client, its application, the scopes, whether a login is needed',
        description: BOUND,
        params,
        response: { 200: interactionDetailsSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => service.details(request.params.uid, browserOf(request, reply)),
  );

  app.post(
    `${INTERACTION}/login`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Sign in for an OIDC interaction: with the console session (Authorization), a username and password, or a passkey (throttled and audited like the console sign-in)',
        description: BOUND,
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
        browserOf(request, reply),
        body,
        session,
        requestMeta(request),
        deviceOf(request),
        browserSecretOf(request),
        ceremonySecretOf(request, 'sign-in'),
      );
      // A right password (not the console session) makes this browser a known device of the
      // account. A passkey's sign-in and an identity provider's handoff name their account
      // themselves: a username sent along with either was never checked, and must not earn
      // that account's device cookie.
      if (body?.username !== undefined && body.passkey === undefined && body.federated === undefined)
        rememberDevice(request, reply, body.username);
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
        description: BOUND,
        params,
        response: { 200: interactionRedirectSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => service.consent(request.params.uid, browserOf(request, reply)),
  );

  app.post(
    `${INTERACTION}/abort`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Decline an OIDC interaction: the client receives access_denied',
        description: BOUND,
        params,
        response: { 200: interactionRedirectSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => service.abort(request.params.uid, browserOf(request, reply)),
  );
};

export default oidcRoutes;
