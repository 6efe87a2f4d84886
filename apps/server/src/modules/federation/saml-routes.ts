import {
  FEDERATION_MESSAGES,
  formatMessage,
  m,
  PRODUCT_NAME,
  SAML_METADATA_PATH,
  SSO_CONSUMER_PATH,
} from '@gatehouse/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { htmlPage, htmlText } from '../../lib/html-page.ts';
import { negotiateLanguage } from '../../lib/language.ts';
import { requestMeta } from '../../lib/request-context.ts';
import { SamlRefused, samlConsume, samlProtocol, spMetadata } from './saml.ts';
import { FederationFailure } from './sign-in.ts';
import type { Flow, ProviderRecord } from './types.ts';

const STYLE = `
body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f5f5f5; color: #1f1f1f; }
main { background: #fff; padding: 32px 40px; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.1); max-width: 28rem; }
a { color: #1677ff; }
`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A posted form is small: a SAMLResponse of a few KiB and its RelayState. */
const FORM_LIMIT_BYTES = 1024 * 1024;

type ProviderParams = { providerId: string };

/** One value of a posted form field; a field given twice is refused, not guessed at. */
function field(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * SAML 2.0 (service provider): our metadata per provider, the assertion consumer where IdPs
 * post their responses, and the spec's `/saml2/authenticate/consumer`, which starts the
 * default provider's sign-in (`/auth?loginType=GatehouseSSO` sends browsers there).
 */
const samlRoutes: FastifyPluginAsync = async (app) => {
  const federation = app.services.federation;
  federation.registerProtocol('saml', samlProtocol);

  // IdPs post the consumer an HTML form. Fastify parses JSON only; this scope reads forms
  // (a field given twice becomes a list, which `field` refuses).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      const form: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(
        typeof body === 'string' ? body : body.toString('utf8'),
      )) {
        const seen = form[key];
        form[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      done(null, form);
    },
  );

  app.get<{ Params: ProviderParams }>(
    `${SAML_METADATA_PATH}/:providerId`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { providerId } = request.params;
      const provider = UUID.test(providerId) ? await federation.provider(providerId) : undefined;
      if (provider?.type !== 'saml' || !provider.settings.saml) throw notFound();
      return reply
        .type('application/samlmetadata+xml; charset=utf-8')
        .send(spMetadata(provider, federation.origin()));
    },
  );

  /**
   * The assertion consumer. The IdP's form is a cross-site POST, which carries no Lax cookie:
   * the flow is found by RelayState alone here, and the exchange that follows checks that the
   * browser is the one that started it. Every failure lands on the sign-in page with a message
   * key, and the reason goes to the log.
   */
  async function consume(
    request: FastifyRequest,
    reply: FastifyReply,
    providerIdOf: () => Promise<string | undefined>,
  ) {
    let flow: Flow | null = null;
    let provider: ProviderRecord | null = null;
    let providerId: string | undefined;
    try {
      providerId = await providerIdOf();
      if (!providerId || !UUID.test(providerId)) throw new SamlRefused('no such SAML provider');
      const samlResponse = field(request.body, 'SAMLResponse');
      if (!samlResponse) throw new SamlRefused('the form has no single SAMLResponse');
      const found = await federation.flowForCallback(providerId, field(request.body, 'RelayState'), null);
      flow = found.flow;
      provider = found.provider;
      if (found.provider.type !== 'saml') throw new SamlRefused('the provider is not a SAML provider');
      const upstream = await samlConsume(
        app.services.db,
        found.provider,
        found.flow,
        samlResponse,
        federation.origin(),
      );
      return reply.redirect(
        await federation.complete(found.flow, found.provider, upstream, requestMeta(request)),
        303,
      );
    } catch (err) {
      if (err instanceof FederationFailure) {
        request.log.warn({ providerId }, 'A SAML response came for no open sign-in');
        return reply.redirect(err.redirectTo, 303);
      }
      request.log.warn(
        { providerId, reason: err instanceof Error ? err.message : String(err) },
        'A SAML response was refused',
      );
      return reply.redirect(federation.failure(flow, FEDERATION_MESSAGES.failed.key, provider?.name), 303);
    }
  }

  app.post<{ Params: ProviderParams }>(
    `${SSO_CONSUMER_PATH}/:providerId`,
    { config: { access: 'public' }, schema: { hide: true } },
    (request, reply) => consume(request, reply, async () => request.params.providerId),
  );

  app.post(
    SSO_CONSUMER_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => consume(request, reply, () => federation.defaultProviderId()),
  );

  /**
   * The spec's single sign-on entry: starts the default SAML provider's sign-in for the
   * console. With none, a page in the browser's language says so (no one is signed in here).
   */
  app.get(
    SSO_CONSUMER_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const providerId = await federation.defaultProviderId();
      if (providerId) {
        try {
          return reply.redirect(
            await federation.begin(request, reply, providerId, { kind: 'console', redirect: null }),
            302,
          );
        } catch (err) {
          if (err instanceof FederationFailure) return reply.redirect(err.redirectTo, 302);
          request.log.warn({ err, providerId }, 'The default SAML provider could not start a sign-in');
          return reply.redirect(federation.failure(null, FEDERATION_MESSAGES.failed.key), 302);
        }
      }
      const language = negotiateLanguage(request.headers['accept-language']);
      const title = formatMessage(m('page.ssoTitle'), language);
      const page = htmlPage({
        language,
        title: `${title} - ${PRODUCT_NAME}`,
        style: STYLE,
        body: `
<main>
<h1>${htmlText(m('page.ssoTitle'), language)}</h1>
<p>${htmlText(FEDERATION_MESSAGES.notConfigured, language)}</p>
<p><a href="/login">${htmlText(m('page.backToSignIn'), language)}</a></p>
</main>
`,
      });
      return reply.code(404).header('vary', 'Accept-Language').type('text/html; charset=utf-8').send(page);
    },
  );
};

export default samlRoutes;
