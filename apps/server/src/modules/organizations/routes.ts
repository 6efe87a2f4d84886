import {
  type Action,
  createOrganizationSchema,
  moveOrganizationSchema,
  organizationListQuerySchema,
  organizationSchema,
  pageSchema,
  setOrganizationMembersSchema,
  statusBodySchema,
  updateOrganizationSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { auditContext, type Grant, type RouteAccess } from '../../plugins/auth.ts';

const BASE = '/api/admin-service/v2/organization';
const grant = (action: Action): Grant => ({ permissionId: 'admin-setting.manage-organization', action });
const access = (action: Action) => ({ access: grant(action) });

/** Reading organizations: their own screen, and the Organization picker of the user form. */
const READ: RouteAccess = {
  anyOf: [grant('retrieve'), { permissionId: 'admin-setting.manage-user', action: 'retrieve' }],
};
const tags = ['organizations'];
const byId = z.object({ id: z.string().max(100) });

/** v2 organizations: a tree of nodes, each with its path from the root and its members. */
const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.organizations;

  app.get(
    BASE,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "List the top level, a node's children (parentId), or with a search every level",
        querystring: organizationListQuerySchema,
        response: { 200: pageSchema(organizationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'One organization, with its path',
        params: byId,
        response: { 200: organizationSchema, ...errorResponses(401, 403, 404) },
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
        summary: 'Create an organization, at the top or under parentId',
        body: createOrganizationSchema,
        response: { 201: organizationSchema, ...errorResponses(400, 401, 403, 409) },
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
        summary: "Update an organization's name, code and description",
        body: updateOrganizationSchema,
        response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: 'Enable or disable an organization',
        params: byId,
        body: statusBodySchema,
        response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setStatus(request.params.id, request.body.status, auditContext(request)),
  );

  app.put(
    `${BASE}/:id/move`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Move an organization under another, or to the top with null; never under itself',
        params: byId,
        body: moveOrganizationSchema,
        response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.move(request.params.id, request.body.parentId, auditContext(request)),
  );

  app.put(
    `${BASE}/:id/members`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Set the organization's members (list them with GET user?organizationId=)",
        params: byId,
        body: setOrganizationMembersSchema,
        response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.setMembers(request.params.id, request.body.userIds, auditContext(request)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: access('delete'),
      schema: {
        tags,
        summary: 'Delete an organization that has no children and no members',
        params: byId,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, auditContext(request));
      return reply.code(204).send(null);
    },
  );
};

export default organizationRoutes;
