import { ERROR_CODES } from '@gatehouse/contract';
import type { ComponentType } from 'react';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { notFoundRoute } from '@/features/errors/routes';
import { hasAction, permissionIdOf } from '@/lib/access';
import { isApiError, loginInterceptionPath, PASSWORD_CHANGE_PATH, PASSWORD_EXPIRED_PATH } from '@/lib/http';
import { PATHS } from '@/lib/paths';
import type { LazyScreen } from '@/lib/route-module';
import { getCurrentUser } from '@/lib/session';
import { requireSession } from './guards';
import { type RouteGenerator, routeGenerator } from './route-generation';
import { findExtraMenu, isRouteGranted, type RouteSet } from './route-set';

/** What a gated route renders: its screen, the 403 page, or the "not available yet" page, and the title to show. */
export type GateData = { Screen: ComponentType; title?: string };

const forbiddenPage = () =>
  import('@/features/errors/forbidden-page').then((m) => ({ Component: m.ForbiddenPage }));
const comingSoonPage = () =>
  import('@/components/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));

/**
 * Where a failed menus call leaves the user: spec §4 says /dashboard, which needs no menus.
 * A lost session or a password that must change is the HTTP client's to handle, and it sends
 * the user there; the loader goes the same way rather than racing it.
 */
export function failureRedirect(error: unknown): string {
  if (isApiError(error) && error.status === 401) return loginInterceptionPath();
  if (isApiError(error) && error.status === 403 && error.code === ERROR_CODES.PASSWORD_CHANGE_REQUIRED) {
    return PASSWORD_CHANGE_PATH;
  }
  if (isApiError(error) && error.status === 403 && error.code === ERROR_CODES.PASSWORD_EXPIRED) {
    return PASSWORD_EXPIRED_PATH;
  }
  return PATHS.dashboard;
}

async function routeSet(args: LoaderFunctionArgs, generator: RouteGenerator): Promise<RouteSet> {
  // The layout's loader checks the session too, but the loaders run side by side, and the
  // menus must not be asked for without one.
  requireSession(args);
  try {
    return await generator.ensure();
  } catch (error) {
    console.error('Route generation failed', error);
    throw redirect(failureRedirect(error));
  }
}

/**
 * The loader of a console screen the menus decide on. Without the grant it shows the 403 page
 * and never loads the screen's chunk, so neither the screen nor its calls run; with it, the
 * screen's `preload` starts its calls (`retrieve` permitting).
 */
export function screenLoader(routePath: string, screen: LazyScreen, generator = routeGenerator) {
  return async (args: LoaderFunctionArgs): Promise<GateData> => {
    const set = await routeSet(args, generator);
    if (!isRouteGranted(set, routePath)) {
      return { Screen: (await forbiddenPage()).Component, title: '403' };
    }
    const { Component, preload } = await screen();
    // Its calls start now, while the screen renders for the first time; not those the role
    // may not make (spec §6, `retrieve`), which the screen does not make either.
    const url = new URL(args.request.url);
    const permissions = getCurrentUser()?.role.permissions ?? [];
    if (preload && hasAction(permissions, permissionIdOf(set.menus, url.pathname), 'retrieve')) preload(url);
    return { Screen: Component };
  };
}

/**
 * The loader of any other console path: a menu an administrator added, which the console has
 * no screen for, opens "not available yet"; anything else is the 404 of spec §2.
 */
export function extraMenuLoader(generator = routeGenerator) {
  return async (args: LoaderFunctionArgs): Promise<GateData> => {
    const set = await routeSet(args, generator);
    const menu = findExtraMenu(set, new URL(args.request.url).pathname);
    if (!menu) throw redirect(notFoundRoute.path);
    return { Screen: (await comingSoonPage()).Component, title: menu.title };
  };
}

export function GatedScreen() {
  const { Screen } = useLoaderData() as GateData;
  return <Screen />;
}

/** The lazy part of a gated route: its loader and the component that renders what it chose. */
export function gatedRoute(routePath: string, screen: LazyScreen) {
  return { loader: screenLoader(routePath, screen), Component: GatedScreen };
}

export function extraMenuRoute() {
  return { loader: extraMenuLoader(), Component: GatedScreen };
}
