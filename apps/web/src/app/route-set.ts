import { isMenuUrl, type ServerMenuItem } from '@gatehouse/contract';
import { matchPath } from 'react-router';
import { CONSOLE_ROUTES, REDIRECTS } from './routes';

/**
 * Spec §4: the signed-in routes are generated from the authorization menus. The route table
 * knows every console screen; the menus say which of them this user may open, and add the
 * menus an administrator created that the console has no screen for.
 */

/** A granted menu the console has no screen for: it opens the "not available yet" page. */
export type ExtraMenu = { path: string; title: string };

export type RouteSet = {
  /** The menus it was generated from: the navigation and the §6 element check read them. */
  menus: ServerMenuItem[];
  /** The route-table paths (patterns such as `/x/:id` included) that the menus grant. */
  granted: ReadonlySet<string>;
  extra: readonly ExtraMenu[];
};

/** Where a menu path leads: a console path, an outside http(s) address, or nowhere it is safe to go. */
export type MenuTarget =
  | { kind: 'route'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'none' };

export function menuTarget(menuPath: string): MenuTarget {
  // The contract's rule, which the server applies when a URL is saved; a URL stored before
  // it (`javascript:`, a control character) still goes nowhere.
  if (!isMenuUrl(menuPath)) return { kind: 'none' };
  if (menuPath.startsWith('/')) return { kind: 'route', path: menuPath };
  return { kind: 'external', url: new URL(menuPath).href };
}

type RouteTable = { screens: readonly string[]; redirects: readonly string[] };

const CONSOLE_TABLE: RouteTable = {
  screens: CONSOLE_ROUTES.map((route) => route.path),
  redirects: Object.keys(REDIRECTS),
};

/**
 * Builds the route set from the menus. The top level of the answer is the categories, which
 * have no page; below them every menu, hidden detail menus included, grants its path.
 */
export function generateRouteSet(menus: ServerMenuItem[], table: RouteTable = CONSOLE_TABLE): RouteSet {
  const screens = new Set(table.screens);
  const redirects = new Set(table.redirects);
  const granted = new Set<string>();
  const extra: ExtraMenu[] = [];
  const walk = (items: ServerMenuItem[], depth: number) => {
    for (const item of items) {
      const target = menuTarget(item.menuPath);
      if (depth > 0 && target.kind === 'route') {
        if (screens.has(target.path)) granted.add(target.path);
        else if (!redirects.has(target.path)) extra.push({ path: target.path, title: item.menuName });
      }
      walk(item.children, depth + 1);
    }
  };
  walk(menus, 0);
  return { menus, granted, extra };
}

/** The 403 decision for a route of the table: `path` is the route's own path, not the URL. */
export function isRouteGranted(set: RouteSet, routePath: string): boolean {
  return set.granted.has(routePath);
}

/** The administrator's menu that `pathname` opens, if any. */
export function findExtraMenu(set: RouteSet, pathname: string): ExtraMenu | undefined {
  return set.extra.find((menu) => matchPath({ path: menu.path, end: true }, pathname));
}
