import { describe, expect, it } from 'vitest';
import { consoleMenus, serverMenu } from '@/test/menus';
import { listedInNavigation } from './menus';

const paths = (menus: ReturnType<typeof consoleMenus>, listed: ReturnType<typeof listedInNavigation>) =>
  menus.flatMap((c) => c.children.filter(listed).map((m) => m.menuPath));

describe('listedInNavigation', () => {
  it('lists each screen once: the -V2 menus of the tree are hidden', () => {
    const menus = consoleMenus();
    const listed = paths(menus, listedInNavigation(menus));
    expect(listed).toContain('/admin-setting/manage-user');
    expect(listed).not.toContain('/admin-setting/manage-user-V2');
    expect(listed).not.toContain('/admin-setting/manage-group-v2');
    expect(listed).not.toContain('/admin-setting/detail');
  });

  it('leaves out a -V2 menu an older tree still shows, while its screen’s own menu is listed', () => {
    const identity = (children: ReturnType<typeof serverMenu>[]) => [
      serverMenu('/identity', 'Identity', { children }),
    ];
    const older = identity([
      serverMenu('/admin-setting/manage-user', 'Manage User'),
      serverMenu('/admin-setting/manage-user-V2', 'Manage User V2'),
    ]);
    expect(paths(older, listedInNavigation(older))).toEqual(['/admin-setting/manage-user']);
    // Granted the -V2 menu alone, the user still finds the screen.
    const v2Only = identity([serverMenu('/admin-setting/manage-user-V2', 'Manage User V2')]);
    expect(paths(v2Only, listedInNavigation(v2Only))).toEqual(['/admin-setting/manage-user-V2']);
  });
});
