import { describe, expect, it } from 'vitest';
import { allNavMenus, permissionIdForPath, resourceIdForPath } from './navigation.ts';

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
