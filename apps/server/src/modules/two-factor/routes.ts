import {
  formatMessage,
  loginResultSchema,
  MESSAGES,
  okSchema,
  recoveryCodesSchema,
  secondFactorLoginSchema,
  twoFactorCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorProofSchema,
  twoFactorStatusSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext, requestMeta } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { rememberDevice } from '../../plugins/device-cookie.ts';

const BASE = '/api/oauth2-server/two-factor';
const tags = ['two-factor'];

/** The signed-in user's own second factor, and the second step of sign-in. */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.twoFactor;

  app.post(
    '/api/oauth2-server/login/second-factor',
    {
      // The challenge from the password step is the capability.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Second step of sign-in: the challenge of the password step and a TOTP or recovery code',
        description:
          'A wrong code is a 401; wrong codes are limited per challenge and per account (429 with Retry-After). ' +
          'A recovery code works once; a TOTP code cannot be used twice.',
        body: secondFactorLoginSchema,
        response: { 200: loginResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      const user = await service.completeSignIn(request.body.challenge, request.body.code, meta);
      const { token, userInfo } = await app.services.auth.startSession(user, meta);
      rememberDevice(request, reply, user.username);
      return { code: 0, message: formatMessage(MESSAGES.loginSuccess), result: { token, userInfo } };
    },
  );

  app.get(
    BASE,
    {
      // Open while a role requires the set-up the user has yet to do.
      config: { access: 'authenticated', allowPendingTwoFactorEnrolment: true },
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on for the signed-in user',
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.status(request.auth!),
  );

  app.post(
    `${BASE}/enrolment`,
    {
      // Open while a role requires the set-up the user has yet to do.
      config: { access: 'authenticated', allowPendingTwoFactorEnrolment: true },
      schema: {
        tags,
        summary: 'Start turning two-factor sign-in on: a new secret, pending until a code confirms it',
        response: { 200: twoFactorEnrolmentSchema, ...errorResponses(401, 409) },
      },
    },
    async (request) => service.startEnrolment(request.auth!, auditContext(request)),
  );

  app.post(
    `${BASE}/enrolment/confirm`,
    {
      // Open while a role requires the set-up the user has yet to do.
      config: { access: 'authenticated', allowPendingTwoFactorEnrolment: true },
      schema: {
        tags,
        summary: 'Confirm the enrolment with a first code; answers ten recovery codes, once',
        body: twoFactorCodeSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => ({
      recoveryCodes: await service.confirmEnrolment(request.auth!, request.body.code, requestMeta(request)),
    }),
  );

  app.post(
    `${BASE}/disable`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off, given a current code or the password',
        body: twoFactorProofSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      await service.disable(request.auth!, request.body, requestMeta(request));
      return { ok: true as const };
    },
  );

  app.post(
    `${BASE}/recovery-codes`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'New recovery codes, replacing the old ones; given a current code or the password',
        body: twoFactorProofSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => ({
      recoveryCodes: await service.regenerateRecoveryCodes(request.auth!, request.body, requestMeta(request)),
    }),
  );
};

export default twoFactorRoutes;
