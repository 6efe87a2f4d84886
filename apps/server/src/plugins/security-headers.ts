import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * antd writes inline styles, so style-src allows them; scripts stay same-origin only.
 * Swagger UI at /api/docs loads only same-origin scripts and styles, so it runs under the
 * same policy.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** The headers every answer carries, the ones written before Fastify sees a request included. */
export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

async function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    // API answers carry sessions and personal data; no cache on the way may keep them.
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
