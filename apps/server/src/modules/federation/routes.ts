import {
  type Action,
  applicationProvidersSchema,
  FEDERATION_API,
  federationExchangeSchema,
  federationRedirectSchema,
  federationStartQuerySchema,
  formatMessage,
  linkedIdentitySchema,
  linkIdentitySchema,
  loginAnswerSchema,
  MESSAGES,
  REDIRECT_PROVIDER_TYPES,
  SECOND_FACTOR_REQUIRED,
  signInProviderSchema,
  signInProvidersQuerySchema,
  TWO_FACTOR_MESSAGES,
} from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byId } from '../../lib/crud-routes.ts';
import { notFound } from '../../lib/errors.ts';
import { appScope, auditContext, requestMeta } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { browserSecretOf, FederationFailure, safePath } from './sign-in.ts';
import type { FlowTarget } from './types.ts';

const tags = ['federation'];
const providerParams = z.object({ providerId: z.uuid() });
const identityParams = z.object({ identityId: z.uuid() });
const USERS = 'admin-setting.manage-user';
const APPLICATIONS = 'admin-setting.application';
const grant = (permissionId: string, action: Action) => ({ access: { permissionId, action } });

/**
 * Sign-in through identity providers: the buttons, the start, the console's exchange of a
 * finished sign-in for a session; a user's own linked identities; an administrator's view of
 * a user's identities, and of the providers an application allows. The protocol callbacks
 * (OIDC redirect, SAML ACS) are the protocols' own routes.
 */
const federationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signIn = app.services.federation;
  const admin = app.services.federationAdmin;

  app.get(
    `${FEDERATION_API}/providers`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The identity providers a sign-in page offers: the console’s, or those of an OAuth client’s application',
        querystring: signInProvidersQuerySchema,
        response: { 200: z.array(signInProviderSchema), ...errorResponses(400) },
      },
    },
    async (request) => signIn.signInProviders(request.query.clientId),
  );

  app.get(
    `${FEDERATION_API}/:providerId/start`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Start a sign-in through an identity provider: a redirect to it',
        description:
          'Binds the sign-in to this browser with a cookie. `redirect`: the console path to open afterwards; ' +
          '`interaction`: the /oauth interaction to finish instead. A provider that is disabled or not allowed ' +
          'redirects back to the sign-in page with `sso_error`.',
        params: providerParams,
        querystring: federationStartQuerySchema,
        response: { 302: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { redirect, interaction } = request.query;
      const target: FlowTarget = interaction
        ? { kind: 'interaction', uid: interaction }
        : { kind: 'console', redirect: safePath(redirect) };
      try {
        return reply.redirect(await signIn.begin(request, reply, request.params.providerId, target));
      } catch (err) {
        if (err instanceof FederationFailure) return reply.redirect(err.redirectTo);
        throw err;
      }
    },
  );

  app.get(
    `${FEDERATION_API}/finish/:flowId`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Go on with a sign-in whose upstream answered in a cross-site POST (SAML)',
        description:
          'The assertion consumer sends the browser here, where its cookie shows whether it is the browser ' +
          'that started the sign-in: only then is the identity linked, created or signed in.',
        params: z.object({ flowId: z.string().max(100) }),
        response: { 302: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply.redirect(await signIn.finish(request.params.flowId, request, requestMeta(request))),
  );

  app.post(
    `${FEDERATION_API}/exchange`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Exchange the handoff of a finished sign-in through a provider for a console session',
        description:
          'Only in the browser that started the sign-in (its cookie), once. Answers as the password sign-in: a ' +
          'token, or `code` 2 and a challenge when the user has two-factor sign-in and the provider does not vouch for MFA.',
        body: federationExchangeSchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const answer = await signIn.exchange(
        request.body.handoff,
        browserSecretOf(request),
        requestMeta(request),
      );
      if ('challenge' in answer)
        return {
          code: SECOND_FACTOR_REQUIRED,
          message: formatMessage(TWO_FACTOR_MESSAGES.codeRequired),
          result: answer,
        } as const;
      return { code: 0, message: formatMessage(MESSAGES.loginSuccess), result: answer };
    },
  );

  app.get(
    `${FEDERATION_API}/identities`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The signed-in user’s linked identities',
        response: { 200: z.array(linkedIdentitySchema), ...errorResponses(401) },
      },
    },
    async (request) => admin.identities(request.auth!.user.userId),
  );

  app.delete(
    `${FEDERATION_API}/identities/:identityId`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Unlink one of the signed-in user’s identities',
        params: identityParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await admin.unlink(request.auth!.user.userId, request.params.identityId, auditContext(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${FEDERATION_API}/:providerId/link`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Start linking an identity of a provider to the signed-in user',
        description:
          'Answers where to send the browser. After the provider, it lands on the account security page with ' +
          '`sso_linked` (the provider’s name) or `sso_error`.',
        params: providerParams,
        response: { 200: federationRedirectSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const provider = await signIn.provider(request.params.providerId);
      if (!provider?.enabled || !(REDIRECT_PROVIDER_TYPES as readonly string[]).includes(provider.type))
        throw notFound();
      try {
        const redirectTo = await signIn.begin(request, reply, provider.providerId, {
          kind: 'link',
          userId: request.auth!.user.userId,
        });
        return { redirectTo };
      } catch (err) {
        if (err instanceof FederationFailure) return { redirectTo: err.redirectTo };
        throw err;
      }
    },
  );

  const USER_IDENTITIES = '/api/admin-service/v2/user/:id/identities';

  app.get(
    USER_IDENTITIES,
    {
      config: grant(USERS, 'retrieve'),
      schema: {
        tags,
        summary: 'A user’s linked identities',
        params: byId,
        response: { 200: z.array(linkedIdentitySchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => admin.identitiesOfUser(request.params.id),
  );

  app.post(
    USER_IDENTITIES,
    {
      config: grant(USERS, 'update'),
      schema: {
        tags,
        summary: 'Link a user to an identity of a provider (its subject)',
        description: 'Whoever signs in as that subject at the provider then signs in as this user. Audited.',
        params: byId,
        body: linkIdentitySchema,
        response: { 201: linkedIdentitySchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return admin.link(request.params.id, request.body, auditContext(request), appScope(request));
    },
  );

  app.delete(
    `${USER_IDENTITIES}/:identityId`,
    {
      config: grant(USERS, 'update'),
      schema: {
        tags,
        summary: 'Unlink one of a user’s identities',
        params: byId.extend(identityParams.shape),
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await admin.unlink(
        request.params.id,
        request.params.identityId,
        auditContext(request),
        appScope(request),
      );
      return reply.code(204).send(null);
    },
  );

  const APPLICATION_PROVIDERS = '/api/admin-service/v2/application/:applicationId/identity-providers';
  const applicationParams = z.object({ applicationId: z.string().max(100) });

  app.get(
    APPLICATION_PROVIDERS,
    {
      config: grant(APPLICATIONS, 'retrieve'),
      schema: {
        tags,
        summary: 'The identity providers an application’s users may sign in through',
        params: applicationParams,
        response: { 200: applicationProvidersSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => admin.applicationProviders(request.params.applicationId, appScope(request)),
  );

  app.put(
    APPLICATION_PROVIDERS,
    {
      config: grant(APPLICATIONS, 'update'),
      schema: {
        tags,
        summary: 'Limit an application’s users to some identity providers, or allow every enabled one',
        params: applicationParams,
        body: applicationProvidersSchema,
        response: { 200: applicationProvidersSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      admin.setApplicationProviders(
        request.params.applicationId,
        request.body,
        auditContext(request),
        appScope(request),
      ),
  );
};

export default federationRoutes;
