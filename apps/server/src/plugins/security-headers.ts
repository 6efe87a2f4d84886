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

async function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('x-request-id', request.id);
    // API answers carry sessions and personal data; no cache on the way may keep them.
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
