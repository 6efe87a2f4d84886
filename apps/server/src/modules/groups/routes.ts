import {
  type Action,
  createGroupSchema,
  type GroupListQuery,
  groupListQuerySchema,
  groupSchema,
  namedRefSchema,
  setGroupMembersSchema,
  setGroupRolesSchema,
  updateGroupSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { byId, registerCrudRoutes } from '../../lib/crud-routes.ts';
import { appScope, auditContext, type Grant, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';

const BASE = '/api/admin-service/v2/group';
const PERMISSION = 'admin-setting.manage-group';
const grant = (action: Action): Grant => ({ permissionId: PERMISSION, action });
const access = (action: Action) => ({ access: grant(action) });
const tags = ['groups'];

/** Searching groups: the group screen, and the user screen's group picker. */
const SEARCH: RouteAccess = {
  anyOf: [grant('retrieve'), { permissionId: 'admin-setting.manage-user', action: 'retrieve' }],
};

/** v2 groups: their members hold the group's roles while it is enabled. */
const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.groups;

  registerCrudRoutes(app, {
    base: BASE,
    tags,
    noun: 'group',
    permissionId: PERMISSION,
    access: { list: SEARCH },
    schemas: {
      item: groupSchema,
      listQuery: groupListQuerySchema,
      create: createGroupSchema,
      update: updateGroupSchema,
    },
    service,
    summaries: {
      update: "Update a group's name, code and description",
      status: 'Enable or disable a group; a disabled group gives its members none of its roles',
      delete: 'Delete a group that has no members',
    },
  });

  // Each row through the group's own status change or delete, so delegation judges each.
  registerBulkRoutes(app, {
    list: 'groups',
    base: BASE,
    tags,
    entity: 'group',
    plural: 'groups',
    permissionId: PERMISSION,
    listQuery: groupListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as GroupListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const groups = app.services.overTransaction(tx).groups;
      return {
        setStatus: (id, status, ctx, scope) => groups.setStatus(id, status, ctx, scope),
        remove: (id, ctx, scope) => groups.remove(id, ctx, scope),
        label: async (id) => (await repo.findWithCount(tx, id))?.name,
      };
    },
    export: {
      // What the caller may do with each group is the console's, not the data's.
      item: groupSchema.omit({ manageable: true, assignable: true }),
      access: SEARCH,
      list: (query, scope, caller) => service.list(query as GroupListQuery, scope, caller),
      get: (id, scope, caller) => service.get(id, scope, caller),
    },
  });

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
    async (request) =>
      service.setMembers(request.params.id, request.body.userIds, auditContext(request), appScope(request)),
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
    async (request) =>
      service.setRoles(request.params.id, request.body.roleIds, auditContext(request), appScope(request)),
  );
};

export default groupRoutes;
