import {
  createProductSchema,
  permissionIdForPath,
  productListQuerySchema,
  productSchema,
  updateProductSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import type { RouteAccess } from '../../lib/request-context.ts';

const PERMISSION = permissionIdForPath('/admin-setting/product');

/** Searching products: the product screen, and the application screen's product picker. */
const SEARCH: RouteAccess = {
  anyOf: [PERMISSION, 'admin-setting.application'].map((permissionId) => ({
    permissionId,
    action: 'retrieve' as const,
  })),
};

/** v2 products (spec §7: GET list, GET by id, POST, PUT). */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrudRoutes(app, {
    base: '/api/admin-service/v2/product',
    tags: ['products'],
    noun: 'product',
    permissionId: PERMISSION,
    access: { list: SEARCH, get: SEARCH },
    schemas: {
      item: productSchema,
      listQuery: productListQuerySchema,
      create: createProductSchema,
      update: updateProductSchema,
    },
    service: app.services.products,
    only: ['list', 'get', 'create', 'update'],
    summaries: {
      update: 'Update a product (the key in the body); disabling one that applications use is refused',
    },
  });
};

export default productRoutes;
