import {
  allNavMenus,
  CONSOLE_NAVIGATION,
  legacyMenuItemSchema,
  PLATFORM_APP_ID,
  permissionIdForPath,
  type ServerMenuItem,
  serverMenuItemSchema,
} from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/db/schema/index.ts';
import { build, type TestContext } from './helper.ts';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await build();
  adminToken = await t.login();
});

const MENUS = '/api/oauth2-server/authorization/menus';

async function setStatus(id: string, status: 'ENABLED' | 'DISABLED') {
  await t.db
    .update(resources)
    .set({ status })
    .where(and(eq(resources.applicationId, PLATFORM_APP_ID), eq(resources.id, id)));
}

function find(items: ServerMenuItem[], path: string): ServerMenuItem | undefined {
  for (const item of items) {
    if (item.menuPath === path) return item;
    const inner = find(item.children, path);
    if (inner) return inner;
  }
  return undefined;
}

describe('GET /api/oauth2-server/authorization/menus', () => {
  it('gives the administrator the whole console navigation as a tree', async () => {
    const res = await t.get(MENUS, adminToken);
    expect(res.statusCode).toBe(200);
    const items = res.json() as ServerMenuItem[];
    for (const item of items) serverMenuItemSchema.parse(item);
    // Categories at the top, in navigation order, with `/` + the category key as menuPath.
    expect(items.map((i) => i.menuPath)).toEqual(CONSOLE_NAVIGATION.map((c) => `/${c.key}`));
    expect(items.map((i) => i.menuName)).toEqual(CONSOLE_NAVIGATION.map((c) => c.title));
    const appConfig = items.find((i) => i.menuPath === '/app-config')!;
    expect(appConfig.icon).toBe('SettingOutlined');
    expect(appConfig.elements).toEqual([]);
    expect(appConfig.children.map((c) => c.menuPath)).toEqual([
      '/app-config/data-access',
      '/app-config/permission',
      '/app-config/client',
      '/app-config/resource',
    ]);
    const client = appConfig.children.find((c) => c.menuPath === '/app-config/client')!;
    expect(client).toMatchObject({
      menuName: 'App Client',
      icon: 'ApiOutlined',
      hidden: false,
      children: [],
    });
    expect(client.elements).toEqual([
      { code: 'client:create' },
      { code: 'client:update' },
      { code: 'client:status' },
    ]);
    // Every navigation path is present; detail screens are present but hidden.
    for (const menu of allNavMenus()) expect(find(items, menu.path), menu.path).toBeDefined();
    expect(find(items, '/admin-setting/detail')?.hidden).toBe(true);
  });

  it('hides a disabled menu, and everything under a disabled category', async () => {
    await setStatus(permissionIdForPath('/app-config/client'), 'DISABLED');
    try {
      const items = (await t.get(MENUS, adminToken)).json() as ServerMenuItem[];
      expect(find(items, '/app-config/client')).toBeUndefined();
      expect(find(items, '/app-config/resource')).toBeDefined();
    } finally {
      await setStatus(permissionIdForPath('/app-config/client'), 'ENABLED');
    }
    await setStatus('app-config', 'DISABLED');
    try {
      const items = (await t.get(MENUS, adminToken)).json() as ServerMenuItem[];
      expect(find(items, '/app-config')).toBeUndefined();
      expect(find(items, '/app-config/resource')).toBeUndefined();
      expect(find(items, '/dashboard')).toBeDefined();
    } finally {
      await setStatus('app-config', 'ENABLED');
    }
  });

  it('drops a disabled element from its menu', async () => {
    await setStatus('client:status', 'DISABLED');
    try {
      const items = (await t.get(MENUS, adminToken)).json() as ServerMenuItem[];
      expect(find(items, '/app-config/client')?.elements).toEqual([
        { code: 'client:create' },
        { code: 'client:update' },
      ]);
    } finally {
      await setStatus('client:status', 'ENABLED');
    }
  });

  it('gives a user without roles nothing', async () => {
    const user = await t.createUser();
    const token = await t.login(user.username, user.password);
    const res = await t.get(MENUS, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await t.get('/api/admin/menus', token)).json()).toEqual([]);
  });

  it('gives a partial role only what it grants, and only connected to its category', async () => {
    const role = await t.createRole({
      resourceCodes: [
        'app-config',
        'app-config.client',
        'client:create',
        'app-config.resource',
        'product:create',
      ],
    });
    const user = await t.createUser({ roleIds: [role.roleId] });
    const items = (
      await t.get(MENUS, await t.login(user.username, user.password))
    ).json() as ServerMenuItem[];
    expect(items.map((i) => i.menuPath)).toEqual(['/app-config']);
    expect(items[0]!.children.map((c) => c.menuPath)).toEqual(['/app-config/client', '/app-config/resource']);
    expect(items[0]!.children[0]!.elements).toEqual([{ code: 'client:create' }]);
    // product:create was granted without its menu and category, so it does not show.
    expect(JSON.stringify(items)).not.toContain('product:create');
  });

  it('merges the grants of several roles', async () => {
    const a = await t.createRole({ resourceCodes: ['home', 'dashboard'] });
    const b = await t.createRole({ resourceCodes: ['notification', 'notification.message'] });
    const user = await t.createUser({ roleIds: [a.roleId, b.roleId] });
    const items = (
      await t.get(MENUS, await t.login(user.username, user.password))
    ).json() as ServerMenuItem[];
    expect(items.map((i) => i.menuPath)).toEqual(['/home', '/notification']);
  });

  it('answers 401 without a session', async () => {
    expect((await t.get(MENUS)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/menus', () => {
  it('lists the same tree flat, parents before children, in the legacy shape', async () => {
    const res = await t.get('/api/admin/menus', adminToken);
    expect(res.statusCode).toBe(200);
    const items = res.json() as unknown[];
    const parsed = items.map((i) => legacyMenuItemSchema.parse(i));
    const seen = new Set<string>();
    for (const item of parsed) {
      if (item.parentId !== null) expect(seen.has(item.parentId)).toBe(true);
      seen.add(item.id);
    }
    const appConfig = parsed.find((i) => i.meta.title === 'App Configuration')!;
    expect(appConfig).toMatchObject({ parentId: null, url: null, meta: { type: 'CATEGORY' } });
    const client = parsed.find((i) => i.url === '/app-config/client')!;
    expect(client).toMatchObject({
      name: 'App Client',
      parentId: appConfig.id,
      sort: 3,
      keepAlive: true,
      icon: 'ApiOutlined',
      meta: { title: 'App Client', type: 'MENU' },
    });
    const elements = parsed.filter((i) => i.parentId === client.id);
    expect(elements.map((e) => e.meta.type)).toEqual(['ELEMENT', 'ELEMENT', 'ELEMENT']);
  });
});
