import {
  createDataObjectSchema,
  createDataSetSchema,
  type DataObjectListQuery,
  type DataSetListQuery,
  dataObjectListQuerySchema,
  dataObjectSchema,
  dataSetListQuerySchema,
  dataSetSchema,
  permissionIdForPath,
  updateDataObjectSchema,
  updateDataSetSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import * as repo from './repository.ts';

/** Objects and sets scope an application's data accesses, so they share that screen's permission. */
const PERMISSION = permissionIdForPath('/app-config/data-access');
const ONLY = ['list', 'get', 'create', 'update', 'delete'] as const;
const errors = () => ({
  list: [400, 401, 403, 404] as (400 | 401 | 403 | 404)[],
  create: [400, 401, 403, 404, 409] as (400 | 401 | 403 | 404 | 409)[],
});

/** v2 `object` and `set` (spec §7: GET list, GET by id, POST, PUT, DELETE by id). */
const objectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataObjects, dataSets } = app.services;

  registerCrudRoutes(app, {
    base: '/api/admin-service/v2/object',
    tags: ['data objects'],
    noun: 'object',
    permissionId: PERMISSION,
    schemas: {
      item: dataObjectSchema,
      listQuery: dataObjectListQuerySchema,
      create: createDataObjectSchema,
      update: updateDataObjectSchema,
    },
    service: dataObjects,
    only: ONLY,
    summaries: { delete: 'Delete an object that no set uses' },
    errors: errors(),
  });

  registerBulkRoutes(app, {
    list: 'dataObjects',
    base: '/api/admin-service/v2/object',
    tags: ['data objects'],
    entity: 'data-object',
    plural: 'objects',
    permissionId: PERMISSION,
    listQuery: dataObjectListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.listObjects.matching(db, { ...(query as DataObjectListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const objects = app.services.overTransaction(tx).dataObjects;
      return {
        remove: (id, ctx, scope) => objects.remove(id, ctx, scope),
        label: async (id) => (await repo.objects.find(tx, id))?.name,
      };
    },
    export: {
      item: dataObjectSchema,
      list: (query) => dataObjects.list(query as DataObjectListQuery),
      get: (id, scope) => dataObjects.get(id, scope),
    },
  });

  registerCrudRoutes(app, {
    base: '/api/admin-service/v2/set',
    tags: ['data sets'],
    noun: 'set',
    permissionId: PERMISSION,
    schemas: {
      item: dataSetSchema,
      listQuery: dataSetListQuerySchema,
      create: createDataSetSchema,
      update: updateDataSetSchema,
    },
    service: dataSets,
    only: ONLY,
    summaries: { create: 'Create a set of instances of one object' },
    errors: errors(),
  });

  registerBulkRoutes(app, {
    list: 'dataSets',
    base: '/api/admin-service/v2/set',
    tags: ['data sets'],
    entity: 'data-set',
    plural: 'sets',
    permissionId: PERMISSION,
    listQuery: dataSetListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.listSets.matching(db, { ...(query as DataSetListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const sets = app.services.overTransaction(tx).dataSets;
      return {
        remove: (id, ctx, scope) => sets.remove(id, ctx, scope),
        label: async (id) => (await repo.sets.find(tx, id))?.name,
      };
    },
    export: {
      item: dataSetSchema,
      list: (query) => dataSets.list(query as DataSetListQuery),
      get: (id, scope) => dataSets.get(id, scope),
    },
  });
};

export default objectRoutes;
