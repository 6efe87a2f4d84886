import {
  type Action,
  createRoleSchema,
  type RoleListQuery,
  roleGrantsSchema,
  roleListQuerySchema,
  roleSchema,
  updateRoleSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { byId, registerCrudRoutes } from '../../lib/crud-routes.ts';
import { appScope, auditContext, type Grant, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';

const BASE = '/api/admin-service/v2/role';
const PERMISSION = 'admin-setting.manage-role';
const grant = (action: Action): Grant => ({ permissionId: PERMISSION, action });
const access = (action: Action) => ({ access: grant(action) });
const tags = ['roles'];

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

  registerCrudRoutes(app, {
    base: BASE,
    tags,
    noun: 'role',
    permissionId: PERMISSION,
    access: { list: SEARCH },
    schemas: {
      item: roleSchema,
      listQuery: roleListQuerySchema,
      create: createRoleSchema,
      update: updateRoleSchema,
    },
    service,
    summaries: {
      create: 'Create a role (without grants)',
      update: "Update a role's name, code and description",
      status: 'Enable or disable a role; a disabled role grants nothing',
      delete: 'Delete a role that no user or group holds',
    },
  });

  // Each row through the role's own status change or delete, so delegation judges each.
  registerBulkRoutes(app, {
    list: 'roles',
    base: BASE,
    tags,
    entity: 'role',
    plural: 'roles',
    permissionId: PERMISSION,
    listQuery: roleListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as RoleListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const roles = app.services.overTransaction(tx).roles;
      return {
        setStatus: (id, status, ctx, scope) => roles.setStatus(id, status, ctx, scope),
        remove: (id, ctx, scope) => roles.remove(id, ctx, scope),
        label: async (id) => (await repo.find(tx, id))?.name,
      };
    },
    export: {
      // What the caller may do with each role is the console's, not the data's.
      item: roleSchema.omit({ manageable: true, assignable: true, held: true }),
      access: SEARCH,
      list: (query, scope, caller) => service.list(query as RoleListQuery, scope, caller),
      get: (id, scope, caller) => service.get(id, scope, caller),
    },
  });

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
    async (request) =>
      service.setGrants(request.params.id, request.body, auditContext(request), appScope(request)),
  );
};

export default roleRoutes;
