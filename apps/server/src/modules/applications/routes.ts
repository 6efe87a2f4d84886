import {
  type Action,
  type ApplicationListQuery,
  applicationListQuerySchema,
  applicationSchema,
  CONSOLE_NAVIGATION,
  createApplicationSchema,
  pageSchema,
  permissionIdForPath,
  updateApplicationSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertInScope } from '../../lib/app-scope.ts';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { appScope, auditContext, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';

const BASE = '/api/admin-service/v2/application';
const access = (action: Action) => ({ access: { permissionId: 'admin-setting.application', action } });
const tags = ['applications'];

/** The App Configuration screens' areas (`app-config.client` …), from the console navigation. */
const APP_CONFIG_AREAS = CONSOLE_NAVIGATION.filter((c) => c.key === 'app-config').flatMap((c) =>
  c.menus.map((m) => permissionIdForPath(m.path)),
);

/**
 * Reading applications: the Application screen's own right, the right to read any App
 * Configuration area, whose application switcher lists them, or the role screen's, whose
 * grant pickers do. Either way only the applications the grant reaches.
 */
const READ: RouteAccess = {
  anyOf: ['admin-setting.application', ...APP_CONFIG_AREAS, 'admin-setting.manage-role'].map(
    (permissionId) => ({
      permissionId,
      action: 'retrieve' as const,
    }),
  ),
};

const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.applications;

  app.get(
    BASE,
    {
      config: { access: READ, filtersByScope: true },
      schema: {
        tags,
        summary: 'List the applications the caller reaches, with search and paging',
        querystring: applicationListQuerySchema,
        response: { 200: pageSchema(applicationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query, appScope(request)),
  );

  app.get(
    `${BASE}/:applicationId`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'One application',
        params: z.object({ applicationId: z.string().max(100) }),
        response: { 200: applicationSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.applicationId),
  );

  app.post(
    BASE,
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create an application',
        body: createApplicationSchema,
        response: { 201: applicationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.create(request.body, auditContext(request));
    },
  );

  app.put(
    BASE,
    {
      config: access('update'),
      schema: {
        tags,
        summary:
          'Change an application (the key in the body): name, description, product, status, open to all users',
        body: updateApplicationSchema,
        response: { 200: applicationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.update(request.body, auditContext(request)),
  );

  // The status changes through the update, which takes it alone; the list keeps to the
  // caller's applications, and so does every row here.
  registerBulkRoutes(app, {
    list: 'applications',
    base: BASE,
    tags,
    entity: 'application',
    plural: 'applications',
    permissionId: 'admin-setting.application',
    listQuery: applicationListQuerySchema,
    uuidKeys: false,
    filtersByScope: true,
    matching: (db, query, scope, max) =>
      repo.list.matching(db, { ...(query as ApplicationListQuery), scope, page: 0, size: max }, max),
    within: (tx) => {
      const applications = app.services.overTransaction(tx).applications;
      return {
        setStatus: async (applicationId, status, ctx, scope) => {
          assertInScope(scope, applicationId);
          return applications.update({ applicationId, status }, ctx);
        },
        label: async (applicationId) => (await repo.find(tx, applicationId))?.name,
      };
    },
    export: {
      item: applicationSchema,
      access: READ,
      list: (query, scope) => service.list(query as ApplicationListQuery, scope),
      get: async (applicationId, scope) => {
        assertInScope(scope, applicationId);
        return service.get(applicationId);
      },
    },
  });
};

export default applicationRoutes;
