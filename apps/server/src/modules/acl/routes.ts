import {
  type AclListQuery,
  aclListQuerySchema,
  aclSchema,
  createAclSchema,
  updateAclSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import * as repo from './repository.ts';

const BASE = '/api/admin-service/v2/application/acl';
const PERMISSION = 'admin-setting.application';
const tags = ['application acl'];

/** v2 `application/acl` (spec §7: GET list, GET by id, POST, PUT, PUT status). */
const aclRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.acl;

  registerCrudRoutes(app, {
    base: BASE,
    tags,
    noun: 'access-control entry',
    permissionId: PERMISSION,
    schemas: {
      item: aclSchema,
      listQuery: aclListQuerySchema,
      create: createAclSchema,
      update: updateAclSchema,
    },
    service,
    only: ['list', 'get', 'create', 'update', 'status'],
    summaries: {
      list: "List an application's access-control entries, with search and paging",
      create: 'Create an access-control entry: a subject, actions and a target of the application',
      status: 'Enable or disable an access-control entry; a disabled one grants nothing',
    },
    errors: { list: [400, 401, 403, 404], create: [400, 401, 403, 404, 409] },
  });

  registerBulkRoutes(app, {
    list: 'acl',
    base: BASE,
    tags,
    entity: 'application-acl',
    plural: 'access-control entries',
    permissionId: PERMISSION,
    listQuery: aclListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as AclListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const entries = app.services.overTransaction(tx).acl;
      return {
        setStatus: (id, status, ctx, scope) => entries.setStatus(id, status, ctx, scope),
        label: async (id) => {
          const row = await repo.find(tx, id);
          return row && `${row.subjectType} ${row.subjectId}`;
        },
      };
    },
    export: {
      item: aclSchema,
      list: (query) => service.list(query as AclListQuery),
      get: (id, scope) => service.get(id, scope),
    },
  });
};

export default aclRoutes;
