import { legacyMenuItemSchema, serverMenuItemSchema } from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';

const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const menus = app.services.menus;

  app.get(
    '/api/oauth2-server/authorization/menus',
    {
      // Any signed-in user may ask; the answer holds only what their roles grant. With an
      // access token of an application's client, the tree is that application's.
      config: { access: 'authenticated', acceptsAccessToken: true },
      schema: {
        tags: ['menus'],
        summary: "The console navigation the user's roles grant, as a tree",
        response: { 200: z.array(serverMenuItemSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => menus.serverMenus(request.auth!, request.auth!.oauthApplicationId),
  );

  app.get(
    '/api/admin/menus',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['menus'],
        summary: "The console navigation the user's roles grant, as a flat list (legacy shape)",
        response: { 200: z.array(legacyMenuItemSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => menus.legacyMenus(request.auth!),
  );
};

export default menuRoutes;
