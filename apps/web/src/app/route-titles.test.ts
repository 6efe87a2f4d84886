import { ACCOUNT_ROUTES, allNavMenus, CONSOLE_NAVIGATION } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { NAV_CATEGORY_TITLES_ZH, NAV_TITLES_ZH, navTitle } from './route-titles';

describe('the console texts', () => {
  it('name every platform menu and category in Chinese, and keep custom names', () => {
    for (const menu of [...allNavMenus(), ...ACCOUNT_ROUTES])
      expect(NAV_TITLES_ZH[menu.path], menu.path).toBeTruthy();
    for (const category of CONSOLE_NAVIGATION) expect(NAV_CATEGORY_TITLES_ZH[category.key]).toBeTruthy();
    expect(navTitle('zh', 'App Client', '/app-config/client')).toBe('应用客户端');
    expect(navTitle('zh', 'App Configuration')).toBe('应用配置');
    expect(navTitle('en', 'App Client', '/app-config/client')).toBe('App Client');
    // Renamed by an administrator, or added: the name stays.
    expect(navTitle('zh', 'Our clients', '/app-config/client')).toBe('Our clients');
    expect(navTitle('zh', 'Reports', '/reports')).toBe('Reports');
  });

  it('come from the route modules for every route, the public ones and the icons included', () => {
    expect(NAV_TITLES_ZH['/login']).toBe('登录');
    expect(NAV_TITLES_ZH['/icons']).toBe('图标');
    expect(navTitle('zh', 'Icons', '/icons')).toBe('图标');
    expect(navTitle('zh', 'Manage User V2', '/admin-setting/manage-user-V2')).toBe('用户管理 V2');
  });
});
