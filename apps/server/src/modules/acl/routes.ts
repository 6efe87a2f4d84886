import { aclListQuerySchema, aclSchema, createAclSchema, updateAclSchema } from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';

/** v2 `application/acl` (spec §7: GET list, GET by id, POST, PUT, PUT status). */
const aclRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/api/admin-service/v2/application/acl',
    tags: ['application acl'],
    noun: 'access-control entry',
    permissionId: 'admin-setting.application',
    schemas: {
      item: aclSchema,
      listQuery: aclListQuerySchema,
      create: createAclSchema,
      update: updateAclSchema,
    },
    service: app.services.acl,
    only: ['list', 'get', 'create', 'update', 'status'],
    summaries: {
      list: "List an application's access-control entries, with search and paging",
      create: 'Create an access-control entry: a subject, actions and a target of the application',
      status: 'Enable or disable an access-control entry; a disabled one grants nothing',
    },
    errors: { list: [400, 401, 403, 404], create: [400, 401, 403, 404, 409] },
  });
};

export default aclRoutes;
