import {
  type Action,
  createRoleSchema,
  pageSchema,
  roleGrantsSchema,
  roleListQuerySchema,
  roleSchema,
  statusBodySchema,
  updateRoleSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { auditContext, type Grant, type RouteAccess } from '../../plugins/auth.ts';

const BASE = '/api/admin-service/v2/role';
const grant = (action: Action): Grant => ({ permissionId: 'admin-setting.manage-role', action });
const access = (action: Action) => ({ access: grant(action) });
const tags = ['roles'];
const byId = z.object({ id: z.string().max(100) });

/** Searching roles: the role screen, and the role pickers of the user and group screens. */
const SEARCH: RouteAccess = {
  anyOf: [
    grant('retrieve'),
    { permissionId: 'admin-setting.manage-user', action: 'retrieve' },
    { permissionId: 'admin-setting.manage-group', action: 'retrieve' },
  ],
};

/** v2 roles and their grants: permissions with actions, and resources, of any application. */
const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.roles;

  app.get(
    BASE,
    {
      config: { access: SEARCH },
      schema: {
        tags,
        summary: 'List roles, with search and paging',
        querystring: roleListQuerySchema,
        response: { 200: pageSchema(roleSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'One role',
        params: byId,
        response: { 200: roleSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    BASE,
    {
      config: access('create'),
      schema: {
        tags,
        summary: 'Create a role (without grants)',
        body: createRoleSchema,
        response: { 201: roleSchema, ...errorResponses(400, 401, 403, 409) },
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
        summary: "Update a role's name, code and description",
        body: updateRoleSchema,
        response: { 200: roleSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(request.body, auditContext(request)),
  );

  app.put(
    `${BASE}/:id/status`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Enable or disable a role; a disabled role grants nothing',
        params: byId,
        body: statusBodySchema,
        response: { 200: roleSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setStatus(request.params.id, request.body.status, auditContext(request)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: access('delete'),
      schema: {
        tags,
        summary: 'Delete a role that no user or group holds',
        params: byId,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id/grants`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "The role's permission and resource grants",
        params: byId,
        response: { 200: roleGrantsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.grants(request.params.id),
  );

  app.put(
    `${BASE}/:id/grants`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Replace the role's permission and resource grants",
        description:
          'For the platform application a permissionId is a dotted area id such as app-config.client, and ' +
          'applicationIds limits the grant to those applications.',
        params: byId,
        body: roleGrantsSchema,
        response: { 200: roleGrantsSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setGrants(request.params.id, request.body, auditContext(request)),
  );
};

export default roleRoutes;
