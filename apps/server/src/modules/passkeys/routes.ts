import {
  formatMessage,
  loginResultSchema,
  MESSAGES,
  okSchema,
  PASSKEY_CEREMONY_SECONDS,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyProofSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  registerPasskeySchema,
  renamePasskeySchema,
} from '@gatehouse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { deviceOf, rememberDevice } from '../../plugins/device-cookie.ts';
import type { CeremonyPurpose } from './repository.ts';
import type { CeremonyStart } from './service.ts';

const BASE = '/api/oauth2-server/passkeys';
const SIGN_IN = '/api/oauth2-server/login/passkey';
/** Sign-in, the /oauth interaction's login and the security page's calls all lie below this path. */
const COOKIE_PATH = '/api/oauth2-server';
const tags = ['passkeys'];
const BOUND =
  "The ceremony's challenge is kept on the server and bound to this browser by an httpOnly cookie set with the options; " +
  'it answers once, within ' +
  `${PASSKEY_CEREMONY_SECONDS / 60} minutes.`;

const cookieName = (purpose: CeremonyPurpose) => `gatehouse_passkey_${purpose.replace('-', '_')}`;

/** The secret of this browser's ceremony of `purpose`, if its cookie holds one. */
export function ceremonySecretOf(request: FastifyRequest, purpose: CeremonyPurpose): string | undefined {
  return request.cookies?.[cookieName(purpose)];
}

/** Sets the ceremony's cookie, answers the options. */
function started(
  request: FastifyRequest,
  reply: FastifyReply,
  purpose: CeremonyPurpose,
  start: CeremonyStart,
): { options: Record<string, unknown> } {
  reply.setCookie(cookieName(purpose), start.secret, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge: PASSKEY_CEREMONY_SECONDS,
  });
  return { options: start.options };
}

/** The signed-in user's passkeys (Account Security Setting), and signing in with one on /login. */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.passkeys;

  app.post(
    `${SIGN_IN}/options`,
    {
      // Starting a ceremony proves nothing and reveals nothing of other accounts' passkeys.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a passkey: the options for navigator.credentials.get()',
        description: `Without a username any discoverable passkey may answer; with one, only that account's. ${BOUND}`,
        body: passkeySignInOptionsSchema,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) =>
      started(
        request,
        reply,
        'sign-in',
        await service.signInOptions(request.body?.username || undefined, request.ip),
      ),
  );

  app.post(
    SIGN_IN,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Sign in with a passkey's answer: a session, as a password and second factor give",
        description:
          'Throttled and audited as a password sign-in (login, login.failed); a disabled account, an unknown ' +
          'passkey, a wrong signature or a counter that went backwards is a 401. ' +
          BOUND,
        body: passkeySignInSchema,
        response: { 200: loginResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      const user = await service.signIn(
        ceremonySecretOf(request, 'sign-in'),
        request.body.response,
        meta,
        'console',
        { device: deviceOf(request) },
      );
      const result = await app.services.auth.startSession(user, meta, 'passkey');
      rememberDevice(request, reply, user.username);
      return { code: 0, message: formatMessage(MESSAGES.loginSuccess), result };
    },
  );

  app.get(
    BASE,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's passkeys",
        response: { 200: passkeyListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(request.auth!),
  );

  app.post(
    `${BASE}/registration/options`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Start registering a passkey: the options for navigator.credentials.create()',
        description: `The ceremony is bound to this session too. ${BOUND}`,
        response: { 200: passkeyOptionsSchema, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) =>
      started(request, reply, 'register', await service.registrationOptions(request.auth!)),
  );

  app.post(
    BASE,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Register a passkey: its name and the authenticator's answer to this browser's registration",
        body: registerPasskeySchema,
        response: { 200: passkeySchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) =>
      service.register(
        request.auth!,
        request.body,
        ceremonySecretOf(request, 'register'),
        requestMeta(request),
      ),
  );

  app.put(
    `${BASE}/:passkeyId`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Rename one of your passkeys',
        params: passkeyIdParamsSchema,
        body: renamePasskeySchema,
        response: { 200: passkeySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.rename(request.auth!, request.params.passkeyId, request.body.name, requestMeta(request)),
  );

  app.post(
    `${BASE}/proof/options`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Start proving it is you with one of your passkeys (before removing a passkey)',
        description: `The ceremony is bound to this session too. ${BOUND}`,
        response: { 200: passkeyOptionsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => started(request, reply, 'proof', await service.proofOptions(request.auth!)),
  );

  app.post(
    `${BASE}/:passkeyId/remove`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Remove one of your passkeys, given your password or a passkey (a proof ceremony)',
        description: 'Wrong proofs are limited as two-factor codes are (429 with Retry-After).',
        params: passkeyIdParamsSchema,
        body: passkeyProofSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await service.remove(
        request.auth!,
        request.params.passkeyId,
        request.body,
        ceremonySecretOf(request, 'proof'),
        requestMeta(request),
      );
      return { ok: true as const };
    },
  );
};

export default passkeyRoutes;
