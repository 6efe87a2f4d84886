import { MESSAGES, PRODUCT_NAME, SSO_CONSUMER_PATH } from '@gatehouse/contract';
import type { FastifyPluginAsync } from 'fastify';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Single sign-on - ${PRODUCT_NAME}</title>
<style>
body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f5f5f5; color: #1f1f1f; }
main { background: #fff; padding: 32px 40px; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.1); max-width: 28rem; }
a { color: #1677ff; }
</style>
</head>
<body>
<main>
<h1>Single sign-on</h1>
<p>${MESSAGES.ssoNotConfigured}</p>
<p><a href="/login">Back to sign in</a></p>
</main>
</body>
</html>
`;

/** The SAML consumer the /auth page redirects to; no identity provider is configured yet. */
const ssoRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    SSO_CONSUMER_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => reply.code(501).type('text/html; charset=utf-8').send(PAGE),
  );
};

export default ssoRoutes;
