import {
  createProductSchema,
  type ProductListQuery,
  permissionIdForPath,
  productListQuerySchema,
  productSchema,
  updateProductSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerBulkRoutes, statusThroughUpdate } from '../../lib/bulk.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import type { RouteAccess } from '../../lib/request-context.ts';
import * as repo from './repository.ts';

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
  const service = app.services.products;

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
    service,
    only: ['list', 'get', 'create', 'update'],
    summaries: {
      update: 'Update a product (the key in the body); disabling one that applications use is refused',
    },
  });

  // A product's status changes through its update, as the console's Enable and Disable do.
  registerBulkRoutes(app, {
    list: 'products',
    base: '/api/admin-service/v2/product',
    tags: ['products'],
    entity: 'product',
    plural: 'products',
    permissionId: PERMISSION,
    listQuery: productListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as ProductListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const products = app.services.overTransaction(tx).products;
      return {
        setStatus: statusThroughUpdate(
          (id) => products.get(id),
          ({ productId, name, code, description, owner }, status) => ({
            productId,
            name,
            code,
            description,
            owner,
            status,
          }),
          (input, ctx) => products.update(input, ctx),
        ),
        label: async (id) => (await repo.findWithCount(tx, id))?.name,
      };
    },
    export: {
      item: productSchema,
      access: SEARCH,
      list: (query) => service.list(query as ProductListQuery),
      get: (id) => service.get(id),
    },
  });
};

export default productRoutes;
