import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * antd writes inline styles, so style-src allows them; scripts stay same-origin only.
 * Swagger UI at /api/docs loads only same-origin scripts and styles, so it runs under the
 * same policy.
 */
export function contentSecurityPolicy(formActionOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // A form may post here only; a page whose form's answer redirects elsewhere names that
    // origin, since browsers hold the redirect to this directive too.
    ["form-action 'self'", ...formActionOrigins].join(' '),
    "object-src 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** The headers every answer carries, the ones written before Fastify sees a request included. */
export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/** HSTS for a year, sent only on answers to requests that came over TLS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Whether a request is bound to cache-less API answers: /api and everything under it. */
function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The headers of an answer to `request`. HSTS needs TLS: `request.protocol` is https when the
 * server speaks TLS itself, or, with GATEHOUSE_TRUST_PROXY, when the proxy says so in
 * X-Forwarded-Proto. A plain-HTTP answer never carries it (a browser ignores it there anyway).
 */
export function securityHeadersFor(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS, 'x-request-id': request.id };
  if (request.protocol === 'https') headers['strict-transport-security'] = STRICT_TRANSPORT_SECURITY;
  // API answers carry sessions and personal data; no cache on the way may keep them.
  if (isApi(request.url)) headers['cache-control'] = 'no-store';
  return headers;
}

async function securityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(securityHeadersFor(request));
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
