import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  allNavMenus,
  elementCodes,
  permissionIdForPath,
  resourceIdForPath,
} from './navigation.ts';

describe('console paths', () => {
  it('turn into dotted ids, without route parameters', () => {
    expect(permissionIdForPath('/app-config/client')).toBe('app-config.client');
    expect(resourceIdForPath('/admin-setting/workflow-detail/:mode/:name')).toBe(
      'admin-setting.workflow-detail',
    );
  });

  it('give the -V2 screens their sibling permission but resources of their own', () => {
    expect(permissionIdForPath('/admin-setting/manage-user-V2')).toBe('admin-setting.manage-user');
    expect(permissionIdForPath('/admin-setting/manage-group-v2')).toBe('admin-setting.manage-group');
    expect(resourceIdForPath('/admin-setting/manage-user-V2')).toBe('admin-setting.manage-user-V2');
  });

  it('give every navigation menu a distinct resource id', () => {
    const ids = allNavMenus().map((m) => resourceIdForPath(m.path));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('element codes', () => {
  it("name a screen's codes by what they allow, a repeated screen's by its sibling's", () => {
    expect(elementCodes('/app-config/client')).toEqual({
      create: 'client:create',
      update: 'client:update',
      status: 'client:status',
    });
    expect(elementCodes('/admin-setting/manage-user-V2')).toEqual(elementCodes('/admin-setting/manage-user'));
    expect(elementCodes('/admin-setting/manage-user').delete).toBe('user:delete');
    expect(elementCodes('/admin-setting/workflow')).toEqual({});
  });
});

describe('the -V2 screens', () => {
  it('are routable menus, hidden so that each screen shows once in the navigation', () => {
    const v2 = allNavMenus().filter((m) => /-v2$/i.test(m.path));
    expect(v2.map((m) => [m.path, m.hidden])).toEqual([
      ['/admin-setting/manage-user-V2', true],
      ['/admin-setting/manage-group-v2', true],
    ]);
  });
});

describe('the actions a permission offers', () => {
  it('are retrieve and export on the audit trail, the four of spec §6 everywhere else', () => {
    expect(actionsOf('platform', 'admin-setting.audit-log')).toEqual(['retrieve', 'export']);
    expect(actionsOf('platform', 'app-config.client')).toEqual(['create', 'update', 'retrieve', 'delete']);
    // Another application's permission of the same id is its own.
    expect(actionsOf('shop', 'admin-setting.audit-log')).toEqual(['create', 'update', 'retrieve', 'delete']);
    expect(actionsOf(undefined, undefined)).toEqual(['create', 'update', 'retrieve', 'delete']);
  });
});
