import {
  type Action,
  createGroupSchema,
  groupListQuerySchema,
  groupSchema,
  namedRefSchema,
  pageSchema,
  setGroupMembersSchema,
  setGroupRolesSchema,
  statusBodySchema,
  updateGroupSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { auditContext, type Grant, type RouteAccess } from '../../plugins/auth.ts';

const BASE = '/api/admin-service/v2/group';
const grant = (action: Action): Grant => ({ permissionId: 'admin-setting.manage-group', action });
const access = (action: Action) => ({ access: grant(action) });
const tags = ['groups'];
const byId = z.object({ id: z.string().max(100) });

/** Searching groups: the group screen, and the user screen's group picker. */
const SEARCH: RouteAccess = {
  anyOf: [grant('retrieve'), { permissionId: 'admin-setting.manage-user', action: 'retrieve' }],
};

/** v2 groups: their members hold the group's roles while it is enabled. */
const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.groups;

  app.get(
    BASE,
    {
      config: { access: SEARCH },
      schema: {
        tags,
        summary: 'List groups, with search and paging',
        querystring: groupListQuerySchema,
        response: { 200: pageSchema(groupSchema), ...errorResponses(400, 401, 403) },
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
        summary: 'One group',
        params: byId,
        response: { 200: groupSchema, ...errorResponses(401, 403, 404) },
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
        summary: 'Create a group',
        body: createGroupSchema,
        response: { 201: groupSchema, ...errorResponses(400, 401, 403, 409) },
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
        summary: "Update a group's name, code and description",
        body: updateGroupSchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: 'Enable or disable a group; a disabled group gives its members none of its roles',
        params: byId,
        body: statusBodySchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: 'Delete a group that has no members',
        params: byId,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${BASE}/:id/members`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Replace the group's members (list them with GET user?groupId=)",
        params: byId,
        body: setGroupMembersSchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setMembers(request.params.id, request.body.userIds, auditContext(request)),
  );

  app.get(
    `${BASE}/:id/roles`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'The roles the group gives its members',
        params: byId,
        response: { 200: z.array(namedRefSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.roles(request.params.id),
  );

  app.put(
    `${BASE}/:id/roles`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Replace the roles the group gives its members',
        params: byId,
        body: setGroupRolesSchema,
        response: { 200: z.array(namedRefSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setRoles(request.params.id, request.body.roleIds, auditContext(request)),
  );
};

export default groupRoutes;
