import { allNavMenus, elementCodes } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { toAppConfig } from '@/features/app-config/paths';
import { toApplicationDetail, toProductDetail } from '@/features/applications/paths';
import { ICONS_PATH } from '@/features/icons/paths';
import { toEditOrganization } from '@/features/identity/paths';
import { toLogin, withQuery } from '@/lib/paths';
import { buildRoutes } from './router';
import { ALWAYS_ALLOWED, CONSOLE_ROUTES, PUBLIC_ROUTES } from './routes';

type Built = ReturnType<typeof buildRoutes>[number];
const flatten = (routes: Built[]): Built[] => routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);
const built = (path: string) => flatten(buildRoutes()).find((r) => r.path === path);

describe('the route table, put together from the route modules', () => {
  it('has one route for every path of the console navigation, and the icons page', () => {
    const paths = CONSOLE_ROUTES.map((r) => r.path);
    for (const menu of allNavMenus())
      expect(
        paths.filter((p) => p === menu.path),
        menu.path,
      ).toHaveLength(1);
    expect(paths).toContain(ICONS_PATH);
  });

  it('lets every signed-in user open home, the account pages and the icons, and the menus decide the rest', () => {
    expect([...ALWAYS_ALLOWED].sort()).toEqual(
      ['/account-setting', '/account-setting/security', '/dashboard', '/icons', '/profile-page'].sort(),
    );
    const gated = CONSOLE_ROUTES.filter((r) => !ALWAYS_ALLOWED.has(r.path));
    expect(gated.every((r) => r.access === 'granted')).toBe(true);
    expect(PUBLIC_ROUTES.every((r) => r.access === 'public' && r.meta.permissionId === undefined)).toBe(true);
  });

  it('puts a screen the menus grant behind the 403 gate, and loads the others as they are', async () => {
    const lazy = built('/app-config/client')?.lazy;
    const gate = typeof lazy === 'function' ? await lazy() : undefined;
    expect(gate).toEqual({ loader: expect.any(Function), Component: expect.any(Function) });
    const icons = CONSOLE_ROUTES.find((r) => r.path === ICONS_PATH);
    expect(built(ICONS_PATH)?.lazy).toBe(icons?.lazy);
    expect(built('/login')?.lazy).toBe(PUBLIC_ROUTES.find((r) => r.path === '/login')?.lazy);
  });
});

describe('paths and element codes of the route modules', () => {
  it('build the links the screens follow', () => {
    expect(toAppConfig('resource')).toBe('/app-config/resource');
    expect(toAppConfig('client', { appId: 'a b' })).toBe('/app-config/client?appId=a+b');
    expect(toProductDetail({ productId: 'p1' })).toBe('/admin-setting/detail?productId=p1');
    expect(toApplicationDetail({ appId: 'portal' })).toBe('/admin-setting/application-detail?appId=portal');
    expect(toEditOrganization({ organizationId: 'o/1' })).toBe(
      '/admin-setting/edit-organization?organizationId=o%2F1',
    );
    expect(withQuery('/x', { a: undefined })).toBe('/x');
    expect(toLogin()).toBe('/login');
  });

  it('take a screen’s element codes from the contract', () => {
    expect(elementCodes('/app-config/client')).toEqual({
      create: 'client:create',
      update: 'client:update',
      status: 'client:status',
    });
  });
});
