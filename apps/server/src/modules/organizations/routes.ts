import {
  type Action,
  createOrganizationSchema,
  moveOrganizationSchema,
  organizationListQuerySchema,
  organizationSchema,
  setOrganizationMembersSchema,
  updateOrganizationSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byId, registerCrudRoutes } from '../../lib/crud-routes.ts';
import { appScope, auditContext, type Grant, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const BASE = '/api/admin-service/v2/organization';
const PERMISSION = 'admin-setting.manage-organization';
const grant = (action: Action): Grant => ({ permissionId: PERMISSION, action });
const access = (action: Action) => ({ access: grant(action) });

/** Reading organizations: their own screen, and the Organization picker of the user form. */
const READ: RouteAccess = {
  anyOf: [grant('retrieve'), { permissionId: 'admin-setting.manage-user', action: 'retrieve' }],
};
const tags = ['organizations'];

/** v2 organizations: a tree of nodes, each with its path from the root and its members. */
const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.organizations;

  registerCrudRoutes(app, {
    base: BASE,
    tags,
    noun: 'organization',
    permissionId: PERMISSION,
    access: { list: READ, get: READ },
    schemas: {
      item: organizationSchema,
      listQuery: organizationListQuerySchema,
      create: createOrganizationSchema,
      update: updateOrganizationSchema,
    },
    service,
    summaries: {
      list: "List the top level, a node's children (parentId), or with a search every level",
      get: 'One organization, with its path',
      create: 'Create an organization, at the top or under parentId',
      update: "Update an organization's name, code and description",
      delete: 'Delete an organization that has no children and no members',
      status:
        'Enable or disable an organization; a disabled one suspends every member in it and under it (no sign-in, nothing held, sessions and OIDC access ended)',
    },
    // A status change may leave no administrator, or suspend the caller's own account (409).
    errors: { status: [400, 401, 403, 404, 409] },
  });

  app.put(
    `${BASE}/:id/move`,
    {
      config: access('update'),
      schema: {
        tags,
        summary: 'Move an organization under another, or to the top with null; never under itself',
        params: byId,
        body: moveOrganizationSchema,
        response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.move(request.params.id, request.body.parentId, auditContext(request), appScope(request)),
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
        response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.setMembers(request.params.id, request.body.userIds, auditContext(request), appScope(request)),
  );
};

export default organizationRoutes;
