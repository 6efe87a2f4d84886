import { preferencesSchema, userPreferencesSchema } from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/schemas.ts';
import { auditContext } from '../../lib/request-context.ts';

const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.preferences;

  app.put(
    '/api/admin-service/user/preferences',
    {
      // The caller's own console language and theme; also while a new password is pending,
      // so the password page can switch language too.
      config: { access: 'authenticated', allowPendingPasswordChange: true },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's console language or theme (only the fields given); audited",
        body: preferencesSchema,
        response: { 200: userPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.update(request.auth!, request.body, auditContext(request)),
  );
};

export default preferencesRoutes;
