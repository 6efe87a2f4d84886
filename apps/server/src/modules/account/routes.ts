import {
  holdingsSchema,
  ownSessionSchema,
  profileSchema,
  sessionIdParamsSchema,
  updateProfileSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

/** The signed-in user's own profile and sessions (Profile, Account Security Setting). */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.account;
  const tags = ['account'];

  app.get(
    '/api/admin-service/user/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's profile",
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.profile(request.auth!),
  );

  app.put(
    '/api/admin-service/user/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Change the signed-in user's name, email and avatar URL; audited",
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.updateProfile(request.auth!, request.body, auditContext(request)),
  );

  app.get(
    '/api/admin-service/user/holdings',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'What the signed-in user holds, which is all they may hand out to roles, users and groups',
        description:
          'Console areas with the applications each action reaches (null: every one), the permissions of other ' +
          'applications with their actions, and resources. An administrator holds everything: only the flag is set.',
        response: { 200: holdingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => app.services.access.holdings(request.auth!),
  );

  app.get(
    '/api/admin-service/user/sessions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's live sessions; `current` marks this one",
        response: { 200: z.array(ownSessionSchema), ...errorResponses(401) },
      },
    },
    async (request) => service.sessions(request.auth!),
  );

  app.delete(
    '/api/admin-service/user/sessions/:sessionId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          "End one of the signed-in user's sessions, and their OIDC access; ending the current one signs out",
        params: sessionIdParamsSchema,
        response: { 200: z.object({ current: z.boolean() }), ...errorResponses(401, 404) },
      },
    },
    async (request) => service.revokeSession(request.auth!, request.params.sessionId, auditContext(request)),
  );
};

export default accountRoutes;
