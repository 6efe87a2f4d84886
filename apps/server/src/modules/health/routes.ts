import {
  ERROR_CODES,
  errorBodySchema,
  HTTP_STATUS_MESSAGES,
  type VersionInfo,
  versionSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';

const statusSchema = z.object({ status: z.literal('ok') });

const healthRoutes: FastifyPluginAsyncZod<{ version: VersionInfo }> = async (app, options) => {
  const service = app.services.health;

  app.get(
    '/api/version',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The running release and the commit it was built from (null when the build recorded none)',
        response: { 200: versionSchema },
      },
    },
    async () => options.version,
  );

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (the database is not consulted)',
        response: { 200: statusSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers a query',
        response: { 200: statusSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      try {
        await service.databaseAnswers();
      } catch (err) {
        // An unreachable database is the error handler's 503, logged once per outage.
        if (isDatabaseUnavailable(err)) throw err;
        request.log.warn({ err }, 'readiness check failed');
        throw new AppError(503, ERROR_CODES.UNAVAILABLE, HTTP_STATUS_MESSAGES[503]!);
      }
      return { status: 'ok' as const };
    },
  );
};

export default healthRoutes;
