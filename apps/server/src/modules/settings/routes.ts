import {
  type Action,
  consoleSettingsSchema,
  passwordPolicySchema,
  permissionIdForPath,
  updateConsoleSettingsSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext, type Grant } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

export const SETTINGS_PATH = '/admin-setting/console-settings';
const grant = (action: Action): Grant => ({ permissionId: permissionIdForPath(SETTINGS_PATH), action });
const tags = ['settings'];

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.settings;

  app.get(
    '/api/admin-service/settings',
    {
      // Every signed-in console reads the lock timeout.
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The console settings: the inactivity lock, the password policy and the audit retention',
        response: { 200: consoleSettingsSchema, ...errorResponses(401) },
      },
    },
    async () => service.get(),
  );

  app.get(
    '/api/oauth2-server/password-policy',
    {
      // The pages that set a password show its rules before anyone signs in (a reset link).
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'The password policy: minimum and maximum length, history, common-password check, maximum age',
        response: { 200: passwordPolicySchema },
      },
    },
    async () => service.passwordPolicy(),
  );

  app.put(
    '/api/admin-service/settings',
    {
      config: { access: grant('update') },
      schema: {
        tags,
        summary: 'Change console settings (only the fields given); audited',
        body: updateConsoleSettingsSchema,
        response: { 200: consoleSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.update(request.body, auditContext(request)),
  );
};

export default settingsRoutes;
