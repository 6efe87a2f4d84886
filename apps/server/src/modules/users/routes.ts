import {
  type Action,
  createdUserSchema,
  createUserSchema,
  pageSchema,
  resetPasswordResultSchema,
  resetPasswordSchema,
  setUserGroupsSchema,
  setUserRolesSchema,
  statusBodySchema,
  updateUserSchema,
  userListQuerySchema,
  userMembershipSchema,
  userSchema,
  userSessionSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { auditContext, type Grant, type RouteAccess } from '../../plugins/auth.ts';

const BASE = '/api/admin-service/v2/user';
const grant = (action: Action): Grant => ({ permissionId: 'admin-setting.manage-user', action });
const access = (action: Action) => ({ access: grant(action) });
const tags = ['users'];
const byId = z.object({ id: z.string().max(100) });

/**
 * Searching users: the user screen, and the member pickers of the group and organization
 * screens.
 */
const SEARCH: RouteAccess = {
  anyOf: [
    grant('retrieve'),
    { permissionId: 'admin-setting.manage-group', action: 'retrieve' },
    { permissionId: 'admin-setting.manage-organization', action: 'retrieve' },
  ],
};

/** v2 users: the accounts, their roles and groups, passwords and sessions. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.users;

  app.get(
    BASE,
    {
      config: { access: SEARCH },
      schema: {
        tags,
        summary: 'List users, with search and paging',
        querystring: userListQuerySchema,
        response: { 200: pageSchema(userSchema), ...errorResponses(400, 401, 403) },
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
        summary: 'One user',
        params: byId,
        response: { 200: userSchema, ...errorResponses(401, 403, 404) },
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
        summary: 'Create a user; without a password one is generated and returned once',
        body: createUserSchema,
        response: { 201: createdUserSchema, ...errorResponses(400, 401, 403, 409) },
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
        summary: "Update a user's name, contact details, avatar and organization",
        body: updateUserSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: 'Enable or disable a user; disabling ends their sessions',
        params: byId,
        body: statusBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: 'Delete a user, with their sessions and memberships',
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
    `${BASE}/:id/membership`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: 'The roles the user holds directly and the groups they belong to',
        params: byId,
        response: { 200: userMembershipSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.membership(request.params.id),
  );

  app.put(
    `${BASE}/:id/roles`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Replace the roles the user holds directly',
        params: byId,
        body: setUserRolesSchema,
        response: { 200: userMembershipSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setRoles(request.params.id, request.body.roleIds, auditContext(request)),
  );

  app.put(
    `${BASE}/:id/groups`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Replace the groups the user belongs to',
        params: byId,
        body: setUserGroupsSchema,
        response: { 200: userMembershipSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.setGroups(request.params.id, request.body.groupIds, auditContext(request)),
  );

  app.put(
    `${BASE}/:id/password`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Reset a user's password; they must choose a new one at the next sign-in",
        description: 'Without a password one is generated and returned once. Every session of the user ends.',
        params: byId,
        body: resetPasswordSchema,
        response: { 200: resetPasswordResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.resetPassword(request.params.id, request.body.password, auditContext(request)),
  );

  app.get(
    `${BASE}/:id/sessions`,
    {
      config: access('retrieve'),
      schema: {
        tags,
        summary: "The user's live sessions, the most recently used first",
        params: byId,
        response: { 200: z.array(userSessionSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.sessions(request.params.id),
  );

  app.delete(
    `${BASE}/:id/sessions`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'End every session of the user',
        params: byId,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeSessions(request.params.id, undefined, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `${BASE}/:id/sessions/:sessionId`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'End one session of the user',
        params: byId.extend({ sessionId: z.string().max(100) }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeSessions(request.params.id, request.params.sessionId, auditContext(request));
      return reply.code(204).send(null);
    },
  );
};

export default userRoutes;
