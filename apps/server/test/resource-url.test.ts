import {
  APP_CONFIG_MESSAGES,
  ERROR_CODES,
  PLATFORM_APP_ID,
  type Resource,
  resourceSchema,
} from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/db/schema/index.ts';
import { createApplication, put } from './fixtures.ts';
import { build, byField, en, fieldMessage, fieldMessages, type TestContext } from './helper.ts';

/** Issue 12, defect 6: a menu URL is a console path or an http(s) URL, and nothing else is stored. */

let t: TestContext;
let admin: string;
let app: string;
let category: Resource;
beforeAll(async () => {
  t = await build();
  admin = await t.login();
  app = await createApplication(t.db, 'url-app');
  const res = await t.post(
    '/api/admin-service/resource',
    { applicationId: app, name: 'Cat', id: 'cat', type: 'CATEGORY', order: 1, status: 'ENABLED' },
    admin,
  );
  expect(res.statusCode, res.body).toBeLessThan(300);
  category = resourceSchema.parse(res.json());
});

let n = 0;
const menu = (url: string | null, parentId = category.resourceId, applicationId = app) =>
  t.post(
    '/api/admin-service/resource',
    {
      applicationId,
      name: 'Menu',
      id: `menu-${++n}`,
      type: 'MENU',
      order: 1,
      status: 'ENABLED',
      parentId,
      url,
    },
    admin,
  );

describe('menu URLs', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    'reports',
    '/reports\u0007',
    '/a b',
  ])('refuses %j with 400 on url', async (url) => {
    const res = await menu(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(byField(res.json())).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      fields: { url: expect.any(String) },
    });
  });

  it('says what a URL may be', async () => {
    const res = await menu('javascript:alert(1)');
    expect(fieldMessage(res.json(), 'url')).toBe(en(APP_CONFIG_MESSAGES.urlFormat));
  });

  it.each([
    '/reports/sales',
    '/reports?tab=1#top',
    'https://example.com/a?b=1',
    'http://intranet.example:8080/',
  ])('stores %j', async (url) => {
    const res = await menu(url);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(resourceSchema.parse(res.json()).url).toBe(url);
  });

  it('stores no URL for an empty one', async () => {
    const res = await menu('');
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(resourceSchema.parse(res.json()).url).toBeNull();
  });

  it('refuses the same on an update, and in the platform navigation', async () => {
    const created = resourceSchema.parse((await menu('/ok')).json());
    const res = await put(
      t,
      '/api/admin-service/resource',
      { ...created, url: 'javascript:alert(1)' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldMessages(res.json())).toHaveProperty('url');

    const [platformCategory] = await t.db
      .select()
      .from(resources)
      .where(and(eq(resources.applicationId, PLATFORM_APP_ID), eq(resources.type, 'CATEGORY')))
      .limit(1);
    const platform = await menu('javascript:alert(1)', platformCategory!.resourceId, PLATFORM_APP_ID);
    expect(platform.statusCode, platform.body).toBe(400);
    expect(fieldMessages(platform.json())).toHaveProperty('url');
  });

  it('hands out no URL stored before the rule, in either menus answer', async () => {
    const [platformCategory] = await t.db
      .select()
      .from(resources)
      .where(and(eq(resources.applicationId, PLATFORM_APP_ID), eq(resources.type, 'CATEGORY')))
      .limit(1);
    const res = await menu('/before-the-rule', platformCategory!.resourceId, PLATFORM_APP_ID);
    expect(res.statusCode, res.body).toBe(201);
    const created = resourceSchema.parse(res.json());
    // As the defect left it: written straight to the table, past the schema.
    await t.db
      .update(resources)
      .set({ url: 'javascript:alert(1)' })
      .where(eq(resources.resourceId, created.resourceId));
    const token = await t.login();
    for (const url of ['/api/oauth2-server/authorization/menus', '/api/admin/menus']) {
      const answer = await t.get(url, token);
      expect(answer.statusCode, answer.body).toBe(200);
      // The server menus name it by its path (now `/<id>`), the legacy ones by its record key.
      expect(answer.body.includes(`/${created.id}`) || answer.body.includes(created.resourceId)).toBe(true);
      expect(answer.body).not.toContain('javascript:');
    }
  });
});
