import {
  createDataObjectSchema,
  createDataSetSchema,
  dataObjectListQuerySchema,
  dataObjectSchema,
  dataSetListQuerySchema,
  dataSetSchema,
  permissionIdForPath,
  updateDataObjectSchema,
  updateDataSetSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';

/** Objects and sets scope an application's data accesses, so they share that screen's permission. */
const PERMISSION = permissionIdForPath('/app-config/data-access');
const ONLY = ['list', 'get', 'create', 'update', 'delete'] as const;
const errors = () => ({
  list: [400, 401, 403, 404] as (400 | 401 | 403 | 404)[],
  create: [400, 401, 403, 404, 409] as (400 | 401 | 403 | 404 | 409)[],
});

/** v2 `object` and `set` (spec §7: GET list, GET by id, POST, PUT, DELETE by id). */
const objectRoutes: FastifyPluginAsyncZod = async (app) => {
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
    service: app.services.dataObjects,
    only: ONLY,
    summaries: { delete: 'Delete an object that no set uses' },
    errors: errors(),
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
    service: app.services.dataSets,
    only: ONLY,
    summaries: { create: 'Create a set of instances of one object' },
    errors: errors(),
  });
};

export default objectRoutes;
