import { Readable } from 'node:stream';
import {
  AUDIT_PERMISSION_ID,
  auditDetailSchema,
  auditExportQuerySchema,
  auditIdParamsSchema,
  auditListQuerySchema,
  auditPageSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appScope, auditContext, type Grant } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const BASE = '/api/admin-service/v2/audit';
const READ: Grant = { permissionId: AUDIT_PERMISSION_ID, action: 'retrieve' };
/** Taking the trail away is granted apart from reading it (issue 28). */
const EXPORT: Grant = { permissionId: AUDIT_PERMISSION_ID, action: 'export' };
const tags = ['audit'];

/**
 * The audit trail, read-only: the list and one record with its diff (`retrieve`), and the
 * export (`export`). A delegated administrator's grant reaches the records of their
 * applications alone, the applications of the action the route checks: the list and export
 * narrow to them, a named other application is a 403.
 */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.audit;

  app.get(
    BASE,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Audit records matching a search, newest first',
        description:
          'Pages with `page` and `size`, or from a `nextCursor` with `cursor` (any depth, same cost). `totalElements` counts up to 10,000 matches; `totalExact` says whether there are more.',
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query, appScope(request)),
  );

  app.get(
    `${BASE}/export`,
    {
      config: { access: EXPORT },
      schema: {
        tags,
        summary: 'Export the audit records matching a search, as CSV or JSON Lines; audited',
        description:
          'Streamed newest first, read from the database in batches as the client takes them. CSV: UTF-8 with a byte-order mark, a header row, before and after as JSON cells. JSON Lines: one record per line.',
        querystring: auditExportQuerySchema,
        response: {
          200: {
            description: 'The records',
            content: {
              'text/csv': { schema: z.string() },
              'application/x-ndjson': { schema: z.string() },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const lines = await service.export(request.query, appScope(request), auditContext(request));
      const day = new Date().toISOString().slice(0, 10);
      // A stream goes out as it is, past the response schemas, which describe the document;
      // it is read only as fast as the client takes it.
      const body = Readable.from(lines) as unknown as string;
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.${format}"`)
        .send(body);
    },
  );

  app.get(
    `${BASE}/:auditId`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'One audit record with its before, after and their diff',
        params: auditIdParamsSchema,
        response: { 200: auditDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.auditId, appScope(request)),
  );
};

export default auditRoutes;
