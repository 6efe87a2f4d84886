import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES, FEDERATION_MESSAGES, HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { installAccessControl } from '../src/plugins/auth.ts';
import { CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers.ts';
import { build, byField, en, messageBody, type TestContext } from './helper.ts';

type SeenRoute = { method: string | string[]; url: string };

let t: TestContext;
let webDir: string;
const seen: SeenRoute[] = [];

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Gatehouse console</title>');
  writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await build({
    config: { webDir },
    setup: (app) => {
      app.addHook('onRoute', (route) => {
        seen.push({ method: route.method, url: route.url });
      });
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret-detail: connection to db at 10.0.0.5 failed for user gatehouse');
      });
      app.get('/api/test/echo', { config: { access: 'public' } }, async (request) => request.query);
      app.get(
        '/api/test/guarded',
        { config: { access: { permissionId: 'app-config.client', action: 'update' } } },
        async () => ({ ok: true }),
      );
    },
  });
});
afterAll(async () => {
  rmSync(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sets CSP, nosniff, referrer, frame and no-store on API answers, errors included', async () => {
    for (const res of [
      await t.get('/api/health'),
      await t.get('/api/nope'),
      await t.post('/api/oauth2-server/login'),
    ]) {
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
  });

  it('keeps a sane incoming request id and replaces anything else', async () => {
    const kept = await t.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'edge-42.abc' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-42.abc');
    expect(kept.json().requestId).toBe('edge-42.abc');
    const replaced = await t.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.get('/api/health')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    for (const res of [await t.get('/api/does-not-exist'), await t.post('/api/admin-service/nothing', {})]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.NOT_FOUND,
        message: en(HTTP_STATUS_MESSAGES[404]!),
      });
    }
  });

  it('hides the cause of a 500 and gives the request id', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'boom-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: ERROR_CODES.INTERNAL,
      ...messageBody(HTTP_STATUS_MESSAGES[500]!),
      requestId: 'boom-1',
    });
    expect(res.body).not.toContain('secret-detail');
    expect(res.body).not.toContain('10.0.0.5');
  });

  it('answers a body over 1 MiB with 413, not 500', async () => {
    const res = await t.post('/api/oauth2-server/login', {
      username: 'admin',
      password: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(ERROR_CODES.BAD_REQUEST);
  });
});

describe('query strings', () => {
  it('parses nested keys no deeper than 5 levels', async () => {
    const res = await t.get('/api/test/echo?a[b][c][d][e][f][g][h]=1&flat=x');
    expect(res.json()).toEqual({ a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } }, flat: 'x' });
  });

  it('caps array indices at 20 and ignores prototype keys', async () => {
    const res = await t.get('/api/test/echo?list[0]=a&list[1]=b&big[21]=z&__proto__[polluted]=1');
    const body = res.json();
    expect(body.list).toEqual(['a', 'b']);
    expect(body.big).toEqual({ '21': 'z' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads 1000 parameters, and refuses more rather than dropping the rest', async () => {
    const params = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=${i}`).join('&');
    expect(Object.keys((await t.get(`/api/test/echo?${params(1000)}`)).json())).toHaveLength(1000);
    const over = await t.get(`/api/test/echo?${params(1100)}`);
    expect(over.statusCode).toBe(400);
    expect(byField(over.json())).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      fields: { querystring: expect.any(String) },
    });
  });
});

describe('health', () => {
  it('GET /api/version answers the release of package.json and, from the sources, no commit', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const res = await t.get('/api/version');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: pkg.version, commit: null });
  });

  it('GET /api/version names GATEHOUSE_COMMIT where the build recorded no commit', async () => {
    const app = buildApp({ db: t.db, logger: false, config: { commit: '0123456789abcdef' } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/version' });
      expect(res.json()).toMatchObject({ commit: '0123456789abcdef' });
    } finally {
      await app.close();
    }
  });

  it('GET /api/health answers ok', async () => {
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers ok when the database does', async () => {
    const res = await t.get('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready answers 503 when the database does not, while health stays up', async () => {
    const broken = {
      execute: async () => {
        throw new Error('connection refused');
      },
    } as unknown as Database;
    const app = buildApp({ db: broken, logger: false, config: { webDir: '/nonexistent' } });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        code: ERROR_CODES.UNAVAILABLE,
        message: en(HTTP_STATUS_MESSAGES[503]!),
      });
      expect(ready.body).not.toContain('connection refused');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it('describes every API route from the zod schemas', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    for (const path of [
      '/api/oauth2-server/login',
      '/api/oauth2-server/logout',
      '/api/oauth2-server/change-password',
      '/api/oauth2-server/unlock',
      '/api/admin-service/user/current',
      '/api/oauth2-server/authorization/menus',
      '/api/admin/menus',
      '/api/health',
      '/api/ready',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const login = doc.paths['/api/oauth2-server/login'].post;
    expect(login.tags).toEqual(['auth']);
    expect(login.summary).toBeTruthy();
    expect(JSON.stringify(login.requestBody)).toContain('username');
    expect(login.responses['200']).toBeDefined();
    expect(doc.paths['/api/docs/json']).toBeUndefined();
  });

  it('serves Swagger UI under the same CSP', async () => {
    const res = await t.get('/api/docs/static/index.html');
    expect([200, 302]).toContain(res.statusCode);
    const ui = await t.get('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('access declarations (deny by default)', () => {
  it('every /api route declared who may call it', () => {
    const api = seen.filter((r) => r.url.startsWith('/api'));
    expect(api.length).toBeGreaterThan(10);
    for (const route of api) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const entry = t.app.routeAccess.find((r) => r.url === route.url && r.method === method);
        expect(entry, `${method} ${route.url}`).toBeDefined();
        expect(entry!.access).toBeDefined();
      }
    }
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('POST', '/api/oauth2-server/login')).toBe('public');
    expect(access('GET', '/api/admin-service/user/current')).toBe('authenticated');
    expect(access('GET', '/api/oauth2-server/authorization/menus')).toBe('authenticated');
    expect(access('GET', '/api/health')).toBe('public');
  });

  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify({ logger: false });
    installAccessControl(app, async () => null);
    expect(() => app.get('/api/forgot-to-say', async () => ({ open: true }))).toThrow(
      /declares no config.access/,
    );
    // Outside /api (the SPA, the SSO page) no declaration is needed.
    expect(() => app.get('/somewhere', async () => 'page')).not.toThrow();
    await app.close();
  });

  it('a route naming a permission checks the permission and action', async () => {
    expect((await t.get('/api/test/guarded')).statusCode).toBe(401);
    expect((await t.get('/api/test/guarded', await t.login())).statusCode).toBe(200);

    const readOnly = await t.createRole({
      permissions: [{ permissionId: 'app-config.client', actions: ['retrieve'] }],
    });
    const reader = await t.createUser({ roleIds: [readOnly.roleId] });
    const denied = await t.get('/api/test/guarded', await t.login(reader.username, reader.password));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      code: ERROR_CODES.FORBIDDEN,
      message: en(HTTP_STATUS_MESSAGES[403]!),
    });

    const editor = await t.createRole({
      permissions: [{ permissionId: 'app-config.client', actions: ['update'] }],
    });
    const user = await t.createUser({ roleIds: [readOnly.roleId, editor.roleId] });
    expect((await t.get('/api/test/guarded', await t.login(user.username, user.password))).statusCode).toBe(
      200,
    );
  });
});

describe('single sign-on consumer', () => {
  it('explains that SSO is not configured, with a way back', async () => {
    const res = await t.get('/saml2/authenticate/consumer');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(en(FEDERATION_MESSAGES.notConfigured));
    expect(res.body).toContain('href="/login"');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('the console (SPA)', () => {
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves index.html for console paths, uncached', async () => {
    for (const url of ['/', '/app-config/client?appId=platform', '/login']) {
      const res = await t.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Gatehouse console');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the console to tools that accept anything, and a JSON 404 to JSON clients', async () => {
    for (const accept of ['*/*', undefined]) {
      const res = await t.inject({ method: 'GET', url: '/login', headers: accept ? { accept } : {} });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.body).toContain('Gatehouse console');
    }
    const json = await t.inject({ method: 'GET', url: '/login', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json().code).toBe(ERROR_CODES.NOT_FOUND);
  });

  it('serves hashed assets with a long cache, and a missing one as 404', async () => {
    const asset = await t.get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.inject({ method: 'GET', url: '/assets/gone-000.js', headers: html })).statusCode).toBe(
      404,
    );
  });

  it('never answers an /api path with the console', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/unknown/page', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERROR_CODES.NOT_FOUND);
  });
});
