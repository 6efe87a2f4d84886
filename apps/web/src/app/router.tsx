import { useEffect } from 'react';
import {
  createBrowserRouter,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  useMatches,
  useRouteError,
} from 'react-router';
import { PRODUCT_NAME, pageTitle } from '@gatehouse/contract';
import { defineMessages } from '../lib/i18n';
import { useNavTitle } from '../lib/nav-titles';
import { redirectTo, requireSession, ssoRedirect } from './guards';
import { routeGenerator } from './route-generation';
import {
  CONSOLE_ROUTES,
  FALLBACK_PATH,
  PATHS,
  PUBLIC_ROUTES,
  REDIRECTS,
  type RouteMeta,
  type ScreenRoute,
} from './routes';

function hasTitle(value: unknown): value is { title: string } {
  return typeof value === 'object' && value !== null && typeof (value as RouteMeta).title === 'string';
}

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return hasTitle(handle) && typeof (handle as RouteMeta).keepAlive === 'boolean';
}

/**
 * The meta of the deepest matched route that has one. A gated route's loader can name the
 * title itself: "403" in place of a screen the user may not see, or the name of a menu an
 * administrator added.
 */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const own = hasTitle(match?.data) ? match.data.title : undefined;
    if (isRouteMeta(match?.handle)) return own ? { ...match.handle, title: own } : match.handle;
    if (own) return { title: own, keepAlive: false };
  }
  return undefined;
}

function RootRoute() {
  const meta = useRouteMeta();
  const title = useNavTitle();
  const shown = meta ? title(meta.title) : undefined;
  useEffect(() => {
    document.title = shown ? pageTitle(shown) : PRODUCT_NAME;
  }, [shown]);
  return <Outlet />;
}

/** The router's own texts: the boot fallback and the routing error. */
const useT = defineMessages(
  'router',
  {
    loading: 'Loading…',
    loadFailed: 'The page could not be loaded. A newer version may have been deployed.',
    reload: 'Reload the console',
  },
  {
    loading: '加载中…',
    loadFailed: '页面加载失败，可能已部署了新版本。',
    reload: '重新加载控制台',
  },
);

/** Shown while the first screen's chunk loads; antd is not loaded yet, so it stays plain. */
function BootFallback() {
  const t = useT();
  return (
    <div className="gh-boot" role="status">
      {t('loading')}
    </div>
  );
}

/** Spec §8: routing failures are logged; the user gets a way back. */
function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  useEffect(() => {
    console.error('Routing failed', error);
  }, [error]);
  const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('loadFailed');
  return (
    <div className="gh-boot" role="alert">
      <div style={{ textAlign: 'center' }}>
        <p>{text}</p>
        <a href={PATHS.dashboard}>{t('reload')}</a>
      </div>
    </div>
  );
}

/**
 * The signed-in area's loader: the session check, then the menus call, started at once. A
 * screen's gate waits for the menus, but first loads its own code; started here, the call
 * runs meanwhile, and the gate gets the same answer (RouteGenerator.ensure).
 */
function consoleLoader(args: LoaderFunctionArgs): null {
  requireSession(args);
  // The gate that waits for this call handles its failure.
  routeGenerator.ensure().catch(() => {});
  return null;
}

function screenRoute(route: ScreenRoute): RouteObject {
  return {
    path: route.path,
    handle: route.meta,
    lazy: route.lazy,
    ...(route.path === PATHS.auth ? { loader: ssoRedirect } : {}),
  };
}

export function buildRoutes(): RouteObject[] {
  const { '/': home, ...redirects } = REDIRECTS;
  return [
    {
      id: 'root',
      Component: RootRoute,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: BootFallback,
      children: [
        {
          // Pathless: the public pages keep their paths and gain the language and theme corner.
          id: 'public',
          lazy: () => import('./layouts/public-layout').then((m) => ({ Component: m.PublicLayout })),
          children: PUBLIC_ROUTES.map(screenRoute),
        },
        {
          id: 'console',
          path: '/',
          loader: consoleLoader,
          // The session can end in another tab: check it on every navigation, it is cheap.
          shouldRevalidate: () => true,
          lazy: () => import('./layouts/console-layout').then((m) => ({ Component: m.ConsoleLayout })),
          children: [
            { index: true, loader: redirectTo(home ?? PATHS.dashboard) },
            ...Object.entries(redirects)
              .filter(([from]) => from !== '/error')
              .map(([from, to]) => ({ path: from, loader: redirectTo(to) })),
            ...CONSOLE_ROUTES.map(screenRoute),
            // Any other path: a menu an administrator added, known only from the menus, or the 404.
            { path: '*', lazy: () => import('./screen-gate').then((m) => m.extraMenuRoute()) },
          ],
        },
        { path: '/error', loader: redirectTo(REDIRECTS['/error'] ?? FALLBACK_PATH) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
