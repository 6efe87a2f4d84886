import {
  type Action,
  createDictionaryItemSchema,
  createDictionarySchema,
  type DictionaryListQuery,
  dictionaryItemListQuerySchema,
  dictionaryItemSchema,
  dictionaryListQuerySchema,
  dictionarySchema,
  legacyDictionaryItemQuerySchema,
  legacyDictionaryListQuerySchema,
  legacyDictionarySchema,
  permissionIdForPath,
  updateDictionaryItemSchema,
  updateDictionarySchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerBulkRoutes } from '../../lib/bulk.ts';
import { registerCrudRoutes } from '../../lib/crud-routes.ts';
import { appScope, type RouteAccess } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as repo from './repository.ts';

const PERMISSION = permissionIdForPath('/admin-setting/data-dict');
const tags = ['dictionaries'];

/**
 * Reading dictionaries: the dictionary screen, or a screen whose form offers a dictionary's
 * values (the data-access categories).
 */
const READ: RouteAccess = {
  anyOf: [PERMISSION, permissionIdForPath('/app-config/data-access')].map((permissionId) => ({
    permissionId,
    action: 'retrieve' as Action,
  })),
};

/** The dictionary calls of spec §7 and the v2 management of dictionaries and their items. */
const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const dictionaries = app.services.dictionaries;

  app.get(
    '/api/admin-service/dictionary/list',
    {
      config: { access: READ },
      schema: {
        tags,
        summary:
          'The dictionaries of applications (applicationId[0]=platform), each with its items; status=-1 is all',
        querystring: legacyDictionaryListQuerySchema,
        response: { 200: z.array(legacyDictionarySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      dictionaries.legacyList(request.query.applicationId, request.query.status, appScope(request)),
  );

  app.get(
    '/api/admin-service/dictionary/item/',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "A dictionary's items, in their order; status=-1 is all",
        querystring: legacyDictionaryItemQuerySchema,
        response: { 200: z.array(dictionaryItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      dictionaries.legacyItems(request.query.dictionaryId, request.query.status, appScope(request)),
  );

  registerCrudRoutes(app, {
    base: '/api/admin-service/v2/dictionary',
    tags,
    noun: 'dictionary',
    permissionId: PERMISSION,
    access: { list: READ, get: READ },
    schemas: {
      item: dictionarySchema,
      listQuery: dictionaryListQuerySchema,
      create: createDictionarySchema,
      update: updateDictionarySchema,
    },
    service: dictionaries,
    summaries: {
      list: "List an application's dictionaries, with search and paging",
      delete: 'Delete a dictionary and its items',
    },
  });

  registerBulkRoutes(app, {
    list: 'dictionaries',
    base: '/api/admin-service/v2/dictionary',
    tags,
    entity: 'dictionary',
    plural: 'dictionaries',
    permissionId: PERMISSION,
    listQuery: dictionaryListQuerySchema,
    uuidKeys: true,
    matching: (db, query, _scope, max) =>
      repo.list.matching(db, { ...(query as DictionaryListQuery), page: 0, size: max }, max),
    within: (tx) => {
      const rows = app.services.overTransaction(tx).dictionaries;
      return {
        setStatus: (id, status, ctx, scope) => rows.setStatus(id, status, ctx, scope),
        remove: (id, ctx, scope) => rows.remove(id, ctx, scope),
        label: async (id) => (await repo.dictionaryRows.find(tx, id))?.name,
      };
    },
    export: {
      item: dictionarySchema,
      access: READ,
      list: (query) => dictionaries.list(query as DictionaryListQuery),
      get: (id, scope) => dictionaries.get(id, scope),
    },
  });

  registerCrudRoutes(app, {
    base: '/api/admin-service/v2/dictionary/item',
    tags,
    noun: 'dictionary item',
    permissionId: PERMISSION,
    access: { list: READ, get: READ },
    schemas: {
      item: dictionaryItemSchema,
      listQuery: dictionaryItemListQuerySchema,
      create: createDictionaryItemSchema,
      update: updateDictionaryItemSchema,
    },
    service: app.services.dictionaryItems,
    summaries: { list: "List a dictionary's items, with search and paging" },
  });
};

export default dictionaryRoutes;
