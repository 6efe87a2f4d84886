import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from '../src/plugins/security-headers.ts';
import { build, type TestContext } from './helper.ts';

/**
 * Issue 12, Deliver 6: the security headers on every answer, errors included, from the route
 * table itself (a new route is covered without a list to update), the provider under /oidc
 * and the console's files; HSTS only when the request came over TLS.
 */

let plain: TestContext;
let proxied: TestContext;
let webDir: string;
let token: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Gatehouse console</title>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  const setup = (app: TestContext['app']) => {
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('boom');
    });
  };
  [plain, proxied] = await Promise.all([
    build({ config: { webDir }, setup }),
    build({ config: { webDir, trustProxy: true }, setup }),
  ]);
  token = await plain.login();
});
afterAll(async () => {
  rmSync(webDir, { recursive: true, force: true });
});

/** A route's URL with each parameter filled in. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
}

function expectHeaders(res: LightMyRequestResponse, what: string, api: boolean) {
  const label = `${what} → ${res.statusCode}`;
  const csp = String(res.headers['content-security-policy']);
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).not.toContain("unsafe-inline'; script");
  expect(csp.match(/script-src[^;]*/)?.[0], label).not.toContain('unsafe-inline');
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('no-referrer');
  expect(res.headers['x-request-id'], label).toBeTruthy();
  if (api) expect(res.headers['cache-control'], label).toBe('no-store');
  expect(res.headers['strict-transport-security'], `${label}: no HSTS over plain HTTP`).toBeUndefined();
}

describe('security headers on every answer', () => {
  it('every route of the table, signed out and as the administrator, whatever the status', async () => {
    const statuses = new Set<number>();
    let calls = 0;
    const routes = plain.app.routeAccess.filter((r) => !r.url.startsWith('/api/test/'));
    for (const route of routes) {
      const url = concrete(route.url);
      for (const auth of [undefined, token]) {
        const res = await plain.inject({
          method: route.method as 'GET',
          url,
          headers: auth ? { authorization: `Bearer ${auth}` } : {},
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        expectHeaders(res, `${route.method} ${url}`, true);
        expect(res.statusCode, `${route.method} ${url} ${res.body}`).toBeLessThan(500);
        statuses.add(res.statusCode);
        calls++;
      }
    }
    console.info(
      `security headers: ${calls} calls over ${routes.length} routes, statuses ${[...statuses].sort().join(', ')}`,
    );
    // The sweep met answers and errors alike.
    for (const status of [200, 400, 401, 404]) expect(statuses).toContain(status);
  });

  it('errors outside the handlers: bad JSON, a body too large, an unknown path, a crash', async () => {
    const cases: [string, () => Promise<LightMyRequestResponse>, number][] = [
      [
        'bad JSON',
        () =>
          plain.inject({
            method: 'POST',
            url: '/api/oauth2-server/login',
            headers: { 'content-type': 'application/json' },
            payload: '{"username":',
          }),
        400,
      ],
      [
        'a body too large',
        () =>
          plain.inject({
            method: 'POST',
            url: '/api/oauth2-server/login',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ username: 'a'.repeat(5 * 1024 * 1024), password: 'x' }),
          }),
        413,
      ],
      ['an unknown API path', () => plain.get('/api/nope'), 404],
      ['a crash', () => plain.get('/api/test/boom'), 500],
    ];
    for (const [what, call, status] of cases) {
      const res = await call();
      expect(res.statusCode, what).toBe(status);
      expectHeaders(res, what, true);
    }
  });

  it('the OpenID Provider under /oidc, whose answers the provider writes itself', async () => {
    for (const url of [
      '/oidc/.well-known/openid-configuration',
      '/oidc/jwks',
      '/oidc/auth?client_id=nobody&response_type=code&scope=openid',
      '/oidc/nope',
    ]) {
      const res = await plain.get(url);
      expectHeaders(res, url, false);
    }
  });

  it("the console's page and files", async () => {
    for (const url of ['/', '/login', '/assets/index-abc123.js', '/assets/missing.js']) {
      const res = await plain.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expectHeaders(res, url, false);
    }
  });
});

describe('HSTS', () => {
  const overTls = { 'x-forwarded-proto': 'https' };

  it('is sent when a trusted proxy says the request came over TLS, on every kind of answer', async () => {
    for (const url of ['/api/health', '/api/nope', '/oidc/.well-known/openid-configuration', '/login']) {
      const res = await proxied.inject({ method: 'GET', url, headers: { ...overTls, accept: 'text/html' } });
      expect(res.headers['strict-transport-security'], url).toBe(STRICT_TRANSPORT_SECURITY);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('is not sent over plain HTTP, nor when an untrusted client claims TLS', async () => {
    const direct = await proxied.get('/api/health');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const forged = await plain.inject({ method: 'GET', url: '/api/health', headers: overTls });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    expect(forged.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});
