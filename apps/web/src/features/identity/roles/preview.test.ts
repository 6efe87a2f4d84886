import { describe, expect, it } from 'vitest';
import { countPreview, type PreviewResource, previewMenus } from './preview';

const node = (
  resourceId: string,
  type: PreviewResource['type'],
  parentId: string | null,
  extra: Partial<PreviewResource> = {},
): PreviewResource => ({
  resourceId,
  parentId,
  id: resourceId,
  name: resourceId.toUpperCase(),
  type,
  url: type === 'CATEGORY' ? null : `/x/${resourceId}`,
  order: 1,
  status: 'ENABLED',
  ...extra,
});

// identity > users (user:create, user:delete), roles > role-grants (submenu); system (disabled) > audit
const TREE: PreviewResource[] = [
  node('identity', 'CATEGORY', null, { order: 1 }),
  node('users', 'MENU', 'identity', { order: 2 }),
  node('user:create', 'ELEMENT', 'users', { order: 1 }),
  node('user:delete', 'ELEMENT', 'users', { order: 2 }),
  node('roles', 'MENU', 'identity', { order: 1 }),
  node('role-grants', 'MENU', 'roles'),
  node('system', 'CATEGORY', null, { order: 2, status: 'DISABLED' }),
  node('audit', 'MENU', 'system'),
];
const ALL = new Set(TREE.map((r) => r.resourceId));

describe('previewMenus', () => {
  it('builds the navigation the server would: categories, nested menus, each menu with its element codes', () => {
    const granted = new Set(['identity', 'users', 'user:create', 'roles', 'role-grants']);
    expect(previewMenus(TREE, granted)).toEqual([
      {
        menuPath: '/identity',
        menuName: 'IDENTITY',
        icon: null,
        hidden: false,
        elements: [],
        // By order: roles (1) before users (2).
        children: [
          {
            menuPath: '/x/roles',
            menuName: 'ROLES',
            icon: null,
            hidden: false,
            elements: [],
            children: [expect.objectContaining({ menuPath: '/x/role-grants', elements: [] })],
          },
          expect.objectContaining({
            menuPath: '/x/users',
            elements: [{ code: 'user:create' }],
            children: [],
          }),
        ],
      },
    ]);
  });

  it('shows nothing under a resource that is not granted or not enabled, even what is granted below it', () => {
    const menus = previewMenus(TREE, new Set(['users', 'user:create', 'system', 'audit']));
    expect(menus).toEqual([]);
    const withoutUsers = previewMenus(TREE, new Set(['identity', 'user:create', 'roles']));
    expect(withoutUsers[0]?.children.map((m) => m.menuPath)).toEqual(['/x/roles']);
  });

  it('grants the built-in Administrator every enabled resource', () => {
    const menus = previewMenus(TREE, 'all');
    expect(menus.map((m) => m.menuPath)).toEqual(['/identity']);
    expect(previewMenus(TREE, ALL)).toEqual(menus);
  });

  it('counts the screens and buttons shown, not the categories', () => {
    expect(countPreview(previewMenus(TREE, 'all'))).toEqual({ menus: 3, elements: 2 });
    expect(countPreview([])).toEqual({ menus: 0, elements: 0 });
  });
});
