import { describe, expect, it } from 'vitest';
import { consoleMenus, serverMenu } from '@/test/menus';
import { findExtraMenu, generateRouteSet, isRouteGranted, menuTarget } from './route-set';
import { ALWAYS_ALLOWED, CONSOLE_ROUTES } from './routes';

const GATED = CONSOLE_ROUTES.map((route) => route.path).filter((path) => !ALWAYS_ALLOWED.has(path));

describe('generateRouteSet (spec §4)', () => {
  it('grants every console route to the menus of the built-in administrator', () => {
    const set = generateRouteSet(consoleMenus());
    for (const path of GATED) expect(isRouteGranted(set, path), path).toBe(true);
    expect(set.extra).toEqual([]);
  });

  it('grants only the menus the answer holds, hidden detail menus and patterns included', () => {
    const set = generateRouteSet(
      consoleMenus((path) =>
        [
          '/app-config/client',
          '/admin-setting/detail',
          '/admin-setting/workflow-detail/:mode/:name',
        ].includes(path),
      ),
    );
    expect([...set.granted].sort()).toEqual([
      '/admin-setting/detail',
      '/admin-setting/workflow-detail/:mode/:name',
      '/app-config/client',
    ]);
    expect(isRouteGranted(set, '/app-config/resource')).toBe(false);
    expect(isRouteGranted(set, '/admin-setting/application')).toBe(false);
  });

  it('grants nothing from an empty answer', () => {
    const set = generateRouteSet([]);
    expect(set.granted.size).toBe(0);
    expect(GATED.some((path) => isRouteGranted(set, path))).toBe(false);
  });

  it('keeps a menu an administrator added, which the console has no screen for', () => {
    const menus = [
      ...consoleMenus((path) => path === '/app-config/client'),
      serverMenu('/reports', 'Reports', {
        children: [
          serverMenu('/reports/sales', 'Sales'),
          serverMenu('/reports/orders/:id', 'Order', { hidden: true }),
          serverMenu('https://status.example.com/', 'Status page'),
          serverMenu('javascript:alert(1)', 'Trap'),
          // A redirect of the route table is not a screen of its own.
          serverMenu('/app-config', 'App configuration'),
        ],
      }),
    ];
    const set = generateRouteSet(menus);
    expect(set.extra).toEqual([
      { path: '/reports/sales', title: 'Sales' },
      { path: '/reports/orders/:id', title: 'Order' },
    ]);
    expect(findExtraMenu(set, '/reports/sales')?.title).toBe('Sales');
    expect(findExtraMenu(set, '/reports/orders/42')?.title).toBe('Order');
    expect(findExtraMenu(set, '/reports')).toBeUndefined();
    expect(findExtraMenu(set, '/reports/sales/more')).toBeUndefined();
    expect(set.menus).toBe(menus);
  });

  it('takes the top level for categories, which open nothing', () => {
    const set = generateRouteSet([serverMenu('/app-config/client', 'A category with a screen path')]);
    expect(set.granted.size).toBe(0);
    expect(set.extra).toEqual([]);
  });
});

describe('menuTarget', () => {
  it('opens console paths in the console and http(s) addresses outside it', () => {
    expect(menuTarget('/reports/sales')).toEqual({ kind: 'route', path: '/reports/sales' });
    expect(menuTarget('https://example.com/a?b=1')).toEqual({
      kind: 'external',
      url: 'https://example.com/a?b=1',
    });
    expect(menuTarget('http://example.com')).toEqual({ kind: 'external', url: 'http://example.com/' });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example',
    '/\\evil.example',
    'reports',
    '',
    // Control characters and white space, which browsers drop or read their own way.
    '/\t/evil.example',
    '/reports\u0000',
    '/reports\nx',
    'https://example.com/a b',
    // Schemes spelled so that a URL parser would still call them http(s).
    'https:evil.example',
    'https:\\\\evil.example',
    'ftp://example.com',
  ])('goes nowhere for %j', (path) => {
    expect(menuTarget(path)).toEqual({ kind: 'none' });
  });
});
