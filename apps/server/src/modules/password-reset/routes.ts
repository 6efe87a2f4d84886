import {
  forgetPasswordRequestSchema,
  forgetPasswordResultSchema,
  formatMessage,
  okSchema,
  PASSWORD_MESSAGES,
  passwordResetRequestSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMeta } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.passwordReset;

  app.post(
    '/api/oauth2-server/forget-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Send a single-use password reset link (30 minutes) to the account a username or email names',
        description:
          'Always answers 200 with the same body, whether or not an account matched. Limited per IP and per ' +
          'identifier (429 once spent). The link is built on GATEHOUSE_PUBLIC_URL, never on the request; ' +
          'in production without it every request answers 503.',
        body: forgetPasswordRequestSchema,
        response: { 200: forgetPasswordResultSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      await service.requestLink(
        request.body.account,
        requestMeta(request),
        request.headers['accept-language'],
      );
      return { message: formatMessage(PASSWORD_MESSAGES.resetLinkSent) };
    },
  );

  app.post(
    '/api/oauth2-server/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Set a new password with a reset link's token; every session of the user ends, and their OIDC access",
        description:
          'A used, expired or unknown token is a 400 with `fields.token`; the policy is `fields.newPassword`. ' +
          'Wrong tokens are limited per IP (429 with Retry-After once spent).',
        body: passwordResetRequestSchema,
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await service.reset(request.body, requestMeta(request));
      return { ok: true as const };
    },
  );
};

export default passwordResetRoutes;
