import {
  applicationDocumentSchema,
  CONFIG_BODY_LIMIT_BYTES,
  importPreviewSchema,
  instanceDocumentSchema,
  instanceExportQuerySchema,
  permissionIdForPath,
} from '@gatehouse/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopeOf } from '../../lib/auth-state.ts';
import { auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import type { TransferCaller } from './service.ts';

const BASE = '/api/admin-service/v2/application/:applicationId';
const INSTANCE = '/api/admin-service/v2';
/** The instance's transfer is Console Settings' to grant, unscoped, and an administrator's to use. */
const SETTINGS = permissionIdForPath('/admin-setting/console-settings');
const APPLICATION = 'admin-setting.application';
const tags = ['config-transfer'];
const params = z.object({ applicationId: z.string().max(100) });

/** The signed-in caller: what each console area's actions reach for them. */
export function transferCaller(request: FastifyRequest): TransferCaller & { administrator: boolean } {
  const auth = request.auth!;
  return {
    ctx: auditContext(request),
    scopeOf: (area, action) => scopeOf(auth, area, action),
    operator: false,
    administrator: auth.isAdministrator,
  };
}

/**
 * An application's configuration as a document, and the import of one (issue 29). The
 * routes check the application right (retrieve to export, update to import) on the path's
 * application, within a delegated scope like every route that names one; the service then
 * checks each kind of record the import changes against its own screen's right.
 */
const configTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.configTransfer;
  const instance = app.services.instanceTransfer;

  app.get(
    `${BASE}/config-export`,
    {
      config: { access: { permissionId: APPLICATION, action: 'retrieve' } },
      schema: {
        tags,
        summary:
          "An application's configuration as one document: data accesses, permissions, resources, clients (no secrets), entries, APIs, pages, objects and sets, dictionaries, and the roles with their grants in it",
        params,
        response: { 200: applicationDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.exportApplication(request.params.applicationId, transferCaller(request)),
  );

  app.post(
    `${BASE}/config-import/preview`,
    {
      config: { access: { permissionId: APPLICATION, action: 'update' } },
      bodyLimit: CONFIG_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'What importing a document would create, update and delete, with its conflicts and warnings; changes nothing',
        params,
        body: applicationDocumentSchema,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      service.previewApplication(request.params.applicationId, request.body, transferCaller(request)),
  );

  app.post(
    `${BASE}/config-import`,
    {
      config: { access: { permissionId: APPLICATION, action: 'update' } },
      bodyLimit: CONFIG_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Import a document into the application: all of it in one audited transaction, or nothing (409 with the conflicts)',
        params,
        body: applicationDocumentSchema,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      service.importApplication(request.params.applicationId, request.body, transferCaller(request)),
  );

  app.get(
    `${INSTANCE}/config-export`,
    {
      config: { access: { permissionId: SETTINGS, action: 'retrieve' } },
      schema: {
        tags,
        summary:
          'The whole instance as one document: settings, products, organizations, roles, groups, users (password hashes only when asked) and every application; administrators only',
        querystring: instanceExportQuerySchema,
        response: { 200: instanceDocumentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      instance.exportInstance(transferCaller(request), request.query.passwordHashes === 'true'),
  );

  app.post(
    `${INSTANCE}/config-import/preview`,
    {
      config: { access: { permissionId: SETTINGS, action: 'update' } },
      bodyLimit: CONFIG_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'What importing an instance document would create, update and delete; changes nothing',
        body: instanceDocumentSchema,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => instance.previewInstance(request.body, transferCaller(request)),
  );

  app.post(
    `${INSTANCE}/config-import`,
    {
      config: { access: { permissionId: SETTINGS, action: 'update' } },
      bodyLimit: CONFIG_BODY_LIMIT_BYTES,
      schema: {
        tags,
        summary: 'Import an instance document: all of it in one audited transaction, or nothing',
        body: instanceDocumentSchema,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => instance.importInstance(request.body, transferCaller(request)),
  );
};

export default configTransferRoutes;
