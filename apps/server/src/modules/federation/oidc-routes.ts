import { FEDERATION_MESSAGES, OIDC_CALLBACK_PATH } from '@gatehouse/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestMeta } from '../../lib/request-context.ts';
import { OidcUpstreamError, oidcCallback, oidcProtocol } from './oidc.ts';
import { FederationFailure } from './sign-in.ts';
import type { Flow, ProviderRecord } from './types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A query parameter as one string; a repeated or missing one is undefined. */
function param(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The OIDC upstream's redirect URI. The browser comes back here from the upstream with a code
 * (or an `error`); it leaves to the SPA: `/login?sso=…`, `/oauth?uid=…&sso=…`, the account's
 * security page after a link, or the same with `sso_error=<message key>`. Whatever went wrong
 * upstream is a redirect and a warning in the log, never an error page: a browser is on the
 * other end, not an API client.
 */
const oidcFederationRoutes: FastifyPluginAsync = async (app) => {
  const federation = app.services.federation;
  federation.registerProtocol('oidc', oidcProtocol);

  app.get<{ Params: { providerId: string } }>(
    `${OIDC_CALLBACK_PATH}/:providerId`,
    // A browser's page, not an API answer: documented as the redirect URI in the contract.
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { providerId } = request.params;
      // The message only: openid-client's errors carry the upstream's bodies (tokens, claims) as causes.
      const refuse = (
        flow: Flow | null,
        provider: ProviderRecord | null,
        reason: string,
        detail?: string,
      ) => {
        request.log.warn(
          { providerId, reason, detail },
          'An OIDC sign-in through an identity provider failed',
        );
        return reply.redirect(federation.failure(flow, FEDERATION_MESSAGES.failed.key, provider?.name));
      };
      if (!UUID.test(providerId)) return refuse(null, null, 'unknown provider');

      let flow: Flow;
      let provider: ProviderRecord;
      try {
        ({ flow, provider } = await federation.flowForCallback(providerId, param(request, 'state'), request));
      } catch (err) {
        if (!(err instanceof FederationFailure)) throw err;
        request.log.warn(
          { providerId, reason: 'flow' },
          'An OIDC callback named no open flow of this browser',
        );
        return reply.redirect(err.redirectTo);
      }

      const upstreamError = param(request, 'error');
      if (upstreamError !== undefined)
        return refuse(
          flow,
          provider,
          `upstream:${upstreamError}`,
          param(request, 'error_description')?.slice(0, 300),
        );

      // The URL the upstream redirected to, on the origin `begin` gave it (behind a proxy,
      // the request's own address may differ): openid-client derives the redirect_uri from it.
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const currentUrl = new URL(`${federation.origin()}${OIDC_CALLBACK_PATH}/${providerId}${query}`);
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
