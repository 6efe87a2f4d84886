import { describe, expect, it } from 'vitest';
import { accountRoute, navRoute, pageRoute } from './route-module';

const screen = async () => ({ Component: () => null });

describe('route module helpers', () => {
  it("take a navigation screen's title, keepAlive and permission from the contract; the menus grant it", () => {
    const route = navRoute('/app-config/client', { titleZh: '应用客户端', lazy: screen });
    expect(route).toMatchObject({
      path: '/app-config/client',
      meta: { title: 'App Client', keepAlive: true, permissionId: 'app-config.client' },
      titleZh: '应用客户端',
      access: 'granted',
    });
    expect(route.lazy).toBe(screen);
  });

  it('give a screen that repeats another that screen’s permission, and its own title', () => {
    const route = navRoute('/admin-setting/manage-user-V2', { titleZh: '用户管理 V2', lazy: screen });
    expect(route.meta).toEqual({
      title: 'Manage User V2',
      keepAlive: true,
      permissionId: 'admin-setting.manage-user',
    });
  });

  it('let every signed-in user open a navigation screen only when it says so', () => {
    expect(navRoute('/dashboard', { titleZh: '首页', lazy: screen, access: 'signed-in' }).access).toBe(
      'signed-in',
    );
    expect(accountRoute('/profile-page', { titleZh: '个人资料', lazy: screen })).toMatchObject({
      meta: { title: 'Profile', keepAlive: false, permissionId: 'profile-page' },
      access: 'signed-in',
    });
  });

  it('give a public page no permission, and a signed-in page outside the navigation its dotted id', () => {
    expect(
      pageRoute('/login', { title: 'Login', titleZh: '登录', access: 'public', lazy: screen }).meta,
    ).toEqual({
      title: 'Login',
      keepAlive: false,
    });
    expect(
      pageRoute('/icons', { title: 'Icons', titleZh: '图标', access: 'signed-in', lazy: screen }).meta,
    ).toEqual({ title: 'Icons', keepAlive: false, permissionId: 'icons' });
  });

  it('refuse a path the navigation does not have', () => {
    // @ts-expect-error: not a navigation path, which the type already refuses
    expect(() => navRoute('/admin-setting/nowhere', { titleZh: 'x', lazy: screen })).toThrow(
      /not in the console navigation/,
    );
  });
});
