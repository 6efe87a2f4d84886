import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantsOf, type RouteAccess } from '../src/lib/request-context.ts';
import { createApplication } from './fixtures.ts';
import { build, type TestContext } from './helper.ts';

/**
 * Issue 12, defect 7: every create answers 201, the spec §7 ones included (the spec fixes
 * their paths and bodies, not the status, and its client takes any 2xx as success).
 */

const routes: RouteOptions[] = [];
let t: TestContext;
let admin: string;
let app: string;
beforeAll(async () => {
  t = await build({ setup: (instance) => instance.addHook('onRoute', (route) => void routes.push(route)) });
  admin = await t.login();
  app = await createApplication(t.db, 'created-app');
});

const access = (route: RouteOptions) => (route.config as { access?: RouteAccess } | undefined)?.access;

describe('create routes', () => {
  it('document 201 and not 200, on every POST that needs the create grant', () => {
    const creates = routes.filter((route) => {
      const needs = access(route);
      return route.method === 'POST' && needs && grantsOf(needs).some((grant) => grant.action === 'create');
    });
    expect(creates.length).toBeGreaterThan(10);
    const wrong = creates
      .filter((route) => {
        const statuses = Object.keys((route.schema?.response as object | undefined) ?? {});
        return !statuses.includes('201') || statuses.includes('200');
      })
      .map((route) => route.url);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['/api/admin-service/data/access', () => ({ name: 'A', id: 'a', category: 'c', applicationId: app })],
    [
      '/api/admin-service/permission/createPermission',
      () => ({ name: 'P', id: 'p', resourceType: 'API', applicationId: app }),
    ],
    [
      '/api/admin-service/resource',
      () => ({ name: 'C', id: 'c', type: 'CATEGORY', order: 1, status: 'ENABLED', applicationId: app }),
    ],
  ])('answer 201 on the spec §7 route %s', async (url, body) => {
    const res = await t.post(url, body(), admin);
    expect(res.statusCode, res.body).toBe(201);
  });
});
