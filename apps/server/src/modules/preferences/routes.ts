import {
  preferencesSchema,
  tablePreferenceSchema,
  tablePreferencesSchema,
  userPreferencesSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.preferences;

  app.put(
    '/api/admin-service/user/preferences',
    {
      // The caller's own console language and theme; also while a new password is pending,
      // so the password page can switch language too; and while two-factor set-up is pending.
      config: {
        access: 'authenticated',
        allowPendingPasswordChange: true,
        allowPendingTwoFactorEnrolment: true,
      },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's console language or theme (only the fields given); audited",
        body: preferencesSchema,
        response: { 200: userPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.update(request.auth!, request.body, auditContext(request)),
  );

  app.get(
    '/api/admin-service/user/preferences/tables',
    {
      // The caller's own screens.
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's tables as they arranged them: hidden columns and widths, by table",
        response: { 200: tablePreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.tables(request.auth!),
  );

  app.put(
    '/api/admin-service/user/preferences/tables/:table',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: "Keep the signed-in user's arrangement of one table (replacing what was kept)",
        params: z.object({ table: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/) }),
        body: tablePreferenceSchema,
        response: { 200: tablePreferenceSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.saveTable(request.auth!, request.params.table, request.body),
  );
};

export default preferencesRoutes;
