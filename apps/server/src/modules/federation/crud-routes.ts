import {
  createIdentityProviderSchema,
  IDENTITY_PROVIDER_API,
  IDENTITY_PROVIDER_PERMISSION_ID,
  identityProviderListQuerySchema,
  identityProviderSchema,
  providerTestResultSchema,
  updateIdentityProviderSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byId, registerCrudRoutes } from '../../lib/crud-routes.ts';
import { appScope, auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const tags = ['identity providers'];

/**
 * The Provider screen's API (System › Provider): identity providers and their test. Every
 * route checks a grant on the Provider permission, not limited to applications: providers
 * serve the whole platform.
 */
const identityProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.identityProviders;

  registerCrudRoutes(app, {
    base: IDENTITY_PROVIDER_API,
    tags,
    noun: 'identity provider',
    permissionId: IDENTITY_PROVIDER_PERMISSION_ID,
    schemas: {
      item: identityProviderSchema,
      listQuery: identityProviderListQuerySchema,
      create: createIdentityProviderSchema,
      update: updateIdentityProviderSchema,
    },
    service,
    summaries: {
      list: 'List identity providers (OIDC, SAML, LDAP), newest first, with search and paging',
      create:
        'Create an identity provider; its secret (OIDC client secret, LDAP bind password) is stored sealed and never shown again',
      update:
        'Update an identity provider: its type stays, a secret left out stays, and a SAML provider’s metadata is read again',
      delete: 'Delete an identity provider with its users’ linked identities (the users stay)',
    },
  });

  app.post(
    `${IDENTITY_PROVIDER_API}/:id/test`,
    {
      config: { access: { permissionId: IDENTITY_PROVIDER_PERMISSION_ID, action: 'update' } },
      schema: {
        tags,
        summary: 'Try an identity provider’s settings against its upstream; each step with its result',
        params: byId,
        response: { 200: providerTestResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.test(request.params.id, appScope(request), auditContext(request)),
  );
};

export default identityProviderRoutes;
