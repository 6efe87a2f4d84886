import {
  changePasswordRequestSchema,
  formatMessage,
  loginAnswerSchema,
  loginRequestSchema,
  MESSAGES,
  okSchema,
  SECOND_FACTOR_REQUIRED,
  TWO_FACTOR_MESSAGES,
  unlockRequestSchema,
  userInfoSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { deviceOf, rememberDevice } from '../../plugins/device-cookie.ts';

const isEmptyBody = (body: unknown) =>
  body === undefined ||
  body === null ||
  (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auth;

  app.post(
    '/api/oauth2-server/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password; without a body, return the signed-in user',
        description:
          'With credentials: creates a session and returns its bearer token. Without a body (or `{}`) and ' +
          'with `Authorization: Bearer <token>`: returns the current user info (spec §7). A user with ' +
          'two-factor sign-in on gets `code` 2 and `result.challenge` instead of a token: send it with ' +
          'a code to POST /api/oauth2-server/login/second-factor.',
        body: loginRequestSchema.nullish(),
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 429) },
      },
      // The spec's "same call without a body" may arrive as no body, `null` or `{}`; all
      // of them mean "who am I", so they skip the credentials schema.
      preValidation: async (request) => {
        // Fastify hands a missing body to the validator as null.
        if (isEmptyBody(request.body)) request.body = null;
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body === null || body === undefined) {
        const userInfo = await service.currentUserInfo(request.headers.authorization);
        return { code: 0, message: formatMessage(MESSAGES.loginSuccess), result: { userInfo } };
      }
      const answer = await service.login(body, requestMeta(request), deviceOf(request));
      if ('challenge' in answer)
        return {
          code: SECOND_FACTOR_REQUIRED,
          message: formatMessage(TWO_FACTOR_MESSAGES.codeRequired),
          result: answer,
        } as const;
      rememberDevice(request, reply, answer.userInfo.username);
      return { code: 0, message: formatMessage(MESSAGES.loginSuccess), result: answer };
    },
  );

  app.post(
    '/api/oauth2-server/logout',
    {
      config: {
        access: 'authenticated',
        allowPendingPasswordChange: true,
        allowPendingTwoFactorEnrolment: true,
        allowIdleSession: true,
      },
      schema: {
        tags: ['auth'],
        summary: 'End the current session on the server',
        response: { 200: okSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await service.logout(request.auth!, requestMeta(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/oauth2-server/change-password',
    {
      config: { access: 'authenticated', allowPendingPasswordChange: true },
      schema: {
        tags: ['auth'],
        summary: "Replace the password; the user's other sessions and their OIDC access end",
        body: changePasswordRequestSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      await service.changePassword(request.auth!, request.body, requestMeta(request), deviceOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/oauth2-server/unlock',
    {
      config: { access: 'authenticated', allowPendingTwoFactorEnrolment: true, allowIdleSession: true },
      schema: {
        tags: ['auth'],
        summary: "Check the signed-in user's password to leave the inactivity lock",
        body: unlockRequestSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await service.unlock(request.auth!, request.body.password, requestMeta(request), deviceOf(request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin-service/user/current',
    {
      config: {
        access: 'authenticated',
        allowPendingPasswordChange: true,
        allowPendingTwoFactorEnrolment: true,
      },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with their effective role',
        response: { 200: userInfoSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.userInfo(request.auth!),
  );
};

export default authRoutes;
