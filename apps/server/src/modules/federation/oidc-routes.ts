import { FEDERATION_MESSAGES, OIDC_CALLBACK_PATH } from '@gatehouse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../../lib/request-context.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { OidcUpstreamError, oidcCallback, oidcProtocol } from './oidc.ts';
import { FederationFailure } from './sign-in.ts';
import type { Flow, ProviderRecord } from './types.ts';

/** What an authorization response carries (RFC 6749 §4.1.2, RFC 9207); other parameters pass unread. */
const callbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/**
 * The OIDC upstream's redirect URI. The browser comes back here from the upstream with a code
 * (or an `error`); it leaves to the SPA: `/login?sso=…`, `/oauth?uid=…&sso=…`, the account's
 * security page after a link, or the same with `sso_error=<message key>`. Whatever went wrong
 * upstream is a redirect and a warning in the log, never an error page: a browser is on the
 * other end, not an API client. Only a request no upstream sends (a provider id that is no
 * uuid, a repeated parameter) gets the API's 400.
 */
const oidcFederationRoutes: FastifyPluginAsyncZod = async (app) => {
  const federation = app.services.federation;
  federation.registerProtocol('oidc', oidcProtocol);

  app.get(
    `${OIDC_CALLBACK_PATH}/:providerId`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['federation'],
        summary:
          'The redirect URI of an OIDC identity provider: where its answer comes back to, then a redirect to the console',
        description:
          'Not for API clients: the upstream sends the browser here. The answer is a redirect to `/login?sso=…` ' +
          '(or `/oauth?uid=…&sso=…`, or the account security page after a link); a refused or failed sign-in ' +
          'redirects with `sso_error=<message key>` instead.',
        params: z.object({ providerId: z.uuid() }),
        querystring: callbackQuerySchema,
        response: { 302: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { providerId } = request.params;
      const query = request.query;
      // The message only: openid-client's errors carry the upstream's bodies (tokens, claims) as causes.
      const refuse = (flow: Flow, provider: ProviderRecord, reason: string, detail?: string) => {
        request.log.warn(
          { providerId, reason, detail },
          'An OIDC sign-in through an identity provider failed',
        );
        return reply.redirect(federation.failure(flow, FEDERATION_MESSAGES.failed.key, provider.name));
      };

      let flow: Flow;
      let provider: ProviderRecord;
      try {
        ({ flow, provider } = await federation.flowForCallback(providerId, query.state, request));
      } catch (err) {
        if (!(err instanceof FederationFailure)) throw err;
        request.log.warn(
          { providerId, reason: 'flow' },
          'An OIDC callback named no open flow of this browser',
        );
        return reply.redirect(err.redirectTo);
      }

      if (query.error !== undefined)
        return refuse(flow, provider, `upstream:${query.error}`, query.error_description?.slice(0, 300));

      // The URL the upstream redirected to, on the origin `begin` gave it (behind a proxy,
      // the request's own address may differ): openid-client derives the redirect_uri from it.
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const currentUrl = new URL(`${federation.origin()}${OIDC_CALLBACK_PATH}/${providerId}${search}`);
      let upstream: Awaited<ReturnType<typeof oidcCallback>>;
      try {
        upstream = await oidcCallback(provider, flow, currentUrl);
      } catch (err) {
        if (!(err instanceof OidcUpstreamError)) throw err;
        return refuse(flow, provider, err.reason, err.message);
      }
      return reply.redirect(await federation.complete(flow, provider, upstream, requestMeta(request)));
    },
  );
};

export default oidcFederationRoutes;
