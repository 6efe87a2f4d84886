import {
  createdPersonalAccessTokenSchema,
  createPersonalAccessTokenSchema,
  MACHINE_ACCESS_MESSAGES,
  okSchema,
  personalAccessTokenSchema,
  scopeChoicesSchema,
  serviceAccountSchema,
  setServiceAccountSchema,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { appScope, auditContext } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';

const OWN = '/api/admin-service/user/personal-access-tokens';
const USERS = '/api/admin-service/v2/user';
const CLIENTS = '/api/admin-service/v2/application/client';
const tokenParams = z.object({ tokenId: z.string().max(100) });
const userTokenParams = z.object({ id: z.string().max(100), tokenId: z.string().max(100) });

/**
 * Machine access: the signed-in user's personal access tokens (`authenticated`, which a
 * machine caller never reaches: a token does not make tokens), an administrator's view and
 * revocation of anyone's, and a client's service account.
 */
const machineAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.machineAccess;

  app.get(
    OWN,
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: "The signed-in user's personal access tokens, newest first; never the tokens themselves",
        response: { 200: z.array(personalAccessTokenSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => service.list(request.auth!.user.userId),
  );

  app.get(
    `${OWN}/scope-choices`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary:
          'The console permission/action pairs the signed-in user holds now: what a token may be scoped to',
        response: { 200: scopeChoicesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.scopeChoices(request.auth!),
  );

  app.post(
    OWN,
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary:
          'Create a personal access token for the admin API, scoped to rights the user holds, expiring within 365 days; the token is answered this once; audited',
        body: createPersonalAccessTokenSchema,
        response: { 201: createdPersonalAccessTokenSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.auth!, request.body, auditContext(request));
      return reply.code(201).send(created);
    },
  );

  app.delete(
    `${OWN}/:tokenId`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['account'],
        summary: "Revoke one of the signed-in user's personal access tokens; audited",
        params: tokenParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await service.revoke(request.auth!.user.userId, request.params.tokenId, auditContext(request));
      return { ok: true as const };
    },
  );

  app.get(
    `${USERS}/:id/personal-access-tokens`,
    {
      config: { access: { permissionId: 'admin-setting.manage-user', action: 'retrieve' } },
      schema: {
        tags: ['users'],
        summary: "A user's personal access tokens; never the tokens themselves",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.array(personalAccessTokenSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.listFor(request.params.id),
  );

  app.delete(
    `${USERS}/:id/personal-access-tokens/:tokenId`,
    {
      config: { access: { permissionId: 'admin-setting.manage-user', action: 'update' } },
      schema: {
        tags: ['users'],
        summary: "Revoke a user's personal access token, as for any change of that account; audited",
        params: userTokenParams,
        response: { 200: okSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      // A token's owner revokes their own tokens from a session, not with a token.
      if (request.auth!.machine && request.params.id === request.auth!.user.userId)
        throw forbidden(MACHINE_ACCESS_MESSAGES.machineCaller);
      await service.revokeFor(
        request.params.id,
        request.params.tokenId,
        auditContext(request),
        appScope(request),
      );
      return { ok: true as const };
    },
  );

  app.get(
    `${CLIENTS}/:acId/service-account`,
    {
      config: { access: { permissionId: 'app-config.client', action: 'retrieve' } },
      schema: {
        tags: ['application clients'],
        summary: "The client's service account: whether it is enabled, and its user (roles as for any user)",
        params: z.object({ acId: z.string().max(100) }),
        response: { 200: serviceAccountSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.serviceAccount(request.params.acId, appScope(request)),
  );

  app.put(
    `${CLIENTS}/:acId/service-account`,
    {
      config: { access: { permissionId: 'app-config.client', action: 'update' } },
      schema: {
        tags: ['application clients'],
        summary:
          "Enable or disable a confidential client's service account; the first enabling creates its user; audited",
        params: z.object({ acId: z.string().max(100) }),
        body: setServiceAccountSchema,
        response: { 200: serviceAccountSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.setServiceAccount(
        request.params.acId,
        request.body.enabled,
        auditContext(request),
        appScope(request),
      ),
  );
};

export default machineAccessRoutes;
