import {
  type Action,
  createdUserSchema,
  createUserSchema,
  MACHINE_ACCESS_MESSAGES,
  okSchema,
  resetPasswordResultSchema,
  resetPasswordSchema,
  setUserGroupsSchema,
  setUserRolesSchema,
  type UserListQuery,
  updateUserSchema,
  userListQuerySchema,
  userMembershipSchema,
  userSchema,
  userSessionSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { byId, registerCrudRoutes } from '../../lib/crud-routes.ts';
import { forbidden } from '../../lib/errors.ts';
import { appScope, auditContext, type Grant, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';

const BASE = '/api/admin-service/v2/user';
const PERMISSION = 'admin-setting.manage-user';
const grant = (action: Action): Grant => ({ permissionId: PERMISSION, action });
const access = (action: Action) => ({ access: grant(action) });
const tags = ['users'];

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

/** v2 users: the accounts (the standard routes), their roles and groups, passwords and sessions. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.users;

  // A personal access token or a service account never changes its own account (password,
  // two-factor, sessions, roles, status): that asks for its owner's sign-in.
  app.addHook('preHandler', async (request) => {
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (request.auth?.machine && request.method !== 'GET' && id === request.auth.user.userId)
      throw forbidden(MACHINE_ACCESS_MESSAGES.machineCaller);
  });

  registerCrudRoutes(app, {
    base: BASE,
    tags,
    noun: 'user',
    permissionId: PERMISSION,
    access: { list: SEARCH },
    schemas: {
      item: userSchema,
      listQuery: userListQuerySchema,
      create: createUserSchema,
      update: updateUserSchema,
      created: createdUserSchema,
    },
    service,
    summaries: {
      create: 'Create a user; without a password one is generated and returned once',
      update: "Update a user's name, contact details, avatar and organization",
      status: 'Enable or disable a user; disabling ends their sessions and OIDC access',
      delete: 'Delete a user, with their sessions, OIDC access and memberships',
    },
    // Nothing an update changes is unique, and no rule refuses it.
    errors: { update: [400, 401, 403, 404] },
  });

  registerBulkRoutes(app, {
    list: 'users',
    base: BASE,
    tags,
    entity: 'user',
    plural: 'users',
    permissionId: PERMISSION,
    listQuery: userListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as UserListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const users = app.services.overTransaction(tx).users;
      return {
        setStatus: (id, status, ctx, scope) => users.setStatus(id, status, ctx, scope),
        remove: (id, ctx, scope) => users.remove(id, ctx, scope),
        label: async (id) => (await repo.find(tx, id))?.username,
      };
    },
    export: {
      // What the caller may do with each user is the console's, not the data's.
      item: userSchema.omit({ manageable: true }),
      access: SEARCH,
      list: (query, scope, caller) => service.list(query as UserListQuery, scope, caller),
      get: (id, scope, caller) => service.get(id, scope, caller),
    },
  });

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
    async (request) =>
      service.setRoles(request.params.id, request.body.roleIds, auditContext(request), appScope(request)),
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
    async (request) =>
      service.setGroups(request.params.id, request.body.groupIds, auditContext(request), appScope(request)),
  );

  app.put(
    `${BASE}/:id/password`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Reset a user's password; they must choose a new one at the next sign-in",
        description:
          'Without a password one is generated and returned once. Every session of the user ends, and their OIDC access: provider sessions, grants and their tokens.',
        params: byId,
        body: resetPasswordSchema,
        response: { 200: resetPasswordResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.resetPassword(
        request.params.id,
        request.body.password,
        auditContext(request),
        appScope(request),
      ),
  );

  app.post(
    `${BASE}/:id/password/expire`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Expire a user's password now: they must choose a new one before they continue",
        description:
          'Moves the date of the password back past the maximum age of the policy (/overdue). Their OIDC access (provider sessions, grants and their tokens) ends. Audited.',
        params: byId,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await service.expirePassword(request.params.id, auditContext(request), appScope(request));
      return { ok: true as const };
    },
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
        description: 'Their OIDC access ends too: provider sessions, grants and their tokens.',
        params: byId,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeSessions(request.params.id, undefined, auditContext(request), appScope(request));
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
        description:
          "All of the user's OIDC access ends too (provider sessions, grants and their tokens): which provider session a console session led to is not known.",
        params: byId.extend({ sessionId: z.string().max(100) }),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeSessions(
        request.params.id,
        request.params.sessionId,
        auditContext(request),
        appScope(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `${BASE}/:id/two-factor`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: "Reset the user's two-factor sign-in (lost authenticator): it is off until they enrol again",
        params: byId,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.services.twoFactor.reset(request.params.id, auditContext(request), appScope(request));
      return reply.code(204).send(null);
    },
  );
};

export default userRoutes;
