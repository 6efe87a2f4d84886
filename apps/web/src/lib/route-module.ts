import { ACCOUNT_ROUTES, allNavMenus, type NavPath, permissionIdForPath } from '@gatehouse/contract';
import type { ComponentType } from 'react';

/**
 * What a screen asks for as soon as its route is entered: the route's loader calls it with the
 * URL once the user may see the screen, so the calls run while the screen's code loads and
 * first renders, rather than after. A screen module exports it as `preload`.
 */
export type ScreenPreload = (url: URL) => void;

/** A screen's module as its route loads it: the component and, for a list, its `preload`. */
export type ScreenModule = { Component: ComponentType; preload?: ScreenPreload };

/** Each screen is its own chunk, loaded when its route is first visited. */
export type LazyScreen = () => Promise<ScreenModule>;

/** What each route carries besides its screen: read by the title, tabs and access checks. */
export type RouteMeta = {
  /** The built-in English title; the menus call may name a menu otherwise. */
  title: string;
  /** Spec §2: a cached screen keeps its state when the user leaves it for another tab. */
  keepAlive: boolean;
  /** The dotted id of the per-route permission check (spec §6), for signed-in screens. */
  permissionId?: string;
};

/**
 * Who may open a route: anyone (the sign-in pages), every signed-in user (home, the account
 * pages), or whoever the authorization menus grant it (spec §4), behind the 403 gate.
 */
export type RouteAccess = 'public' | 'signed-in' | 'granted';

/** A route as a feature's route module declares it; app/routes.tsx puts them together. */
export type AppRoute = {
  path: string;
  meta: RouteMeta;
  /** The title in Chinese, shown while the English one is still the built-in one. */
  titleZh: string;
  access: RouteAccess;
  lazy: LazyScreen;
};

type Screen = { titleZh: string; lazy: LazyScreen };

function signedIn(path: string, title: string, keepAlive: boolean): RouteMeta {
  return { title, keepAlive, permissionId: permissionIdForPath(path) };
}

/**
 * A screen of the console navigation: its English title and keepAlive are the contract's, so
 * the platform's menus and the route agree. The menus grant it, unless every signed-in user
 * has it (`access: 'signed-in'`, the home page).
 */
export function navRoute(
  path: NavPath,
  { access = 'granted', ...screen }: Screen & { access?: 'granted' | 'signed-in' },
): AppRoute {
  const menu = allNavMenus().find((m) => m.path === path);
  if (!menu) throw new Error(`${path} is not in the console navigation`);
  return { path, meta: signedIn(path, menu.title, menu.keepAlive ?? false), access, ...screen };
}

/** One of the account pages every signed-in user has (the contract's ACCOUNT_ROUTES). */
export type AccountPath = (typeof ACCOUNT_ROUTES)[number]['path'];

export function accountRoute(path: AccountPath, screen: Screen): AppRoute {
  const { title } = ACCOUNT_ROUTES.find((r) => r.path === path)!;
  return { path, meta: signedIn(path, title, false), access: 'signed-in', ...screen };
}

/** A page outside the navigation: a public one (sign-in), or one every signed-in user has. */
export function pageRoute(
  path: string,
  { title, access, ...screen }: Screen & { title: string; access: 'public' | 'signed-in' },
): AppRoute {
  const meta = access === 'public' ? { title, keepAlive: false } : signedIn(path, title, false);
  return { path, meta, access, ...screen };
}
