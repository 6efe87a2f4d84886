import { formatMessage, MESSAGES, m, PRODUCT_NAME, SSO_CONSUMER_PATH } from '@gatehouse/contract';
import type { FastifyPluginAsync } from 'fastify';
import { htmlPage, htmlText } from '../../lib/html-page.ts';
import { negotiateLanguage } from '../../lib/language.ts';

const STYLE = `
body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f5f5f5; color: #1f1f1f; }
main { background: #fff; padding: 32px 40px; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.1); max-width: 28rem; }
a { color: #1677ff; }
`;

/**
 * The SAML consumer the /auth page redirects to; no identity provider is configured yet. The
 * page speaks the browser's language: no one is signed in here.
 */
const ssoRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    SSO_CONSUMER_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const language = negotiateLanguage(request.headers['accept-language']);
      const title = formatMessage(m('page.ssoTitle'), language);
      const page = htmlPage({
        language,
        title: `${title} - ${PRODUCT_NAME}`,
        style: STYLE,
        body: `
<main>
<h1>${htmlText(m('page.ssoTitle'), language)}</h1>
<p>${htmlText(MESSAGES.ssoNotConfigured, language)}</p>
<p><a href="/login">${htmlText(m('page.backToSignIn'), language)}</a></p>
</main>
`,
      });
      return reply.code(501).header('vary', 'Accept-Language').type('text/html; charset=utf-8').send(page);
    },
  );
};

export default ssoRoutes;
