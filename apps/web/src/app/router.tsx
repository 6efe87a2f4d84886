import { PRODUCT_NAME, pageTitle } from '@gatehouse/contract';
import { useEffect } from 'react';
import {
  createBrowserRouter,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  useRouteError,
} from 'react-router';
import { AUTH_PATHS } from '@/features/auth/paths';
import { defineMessages } from '../lib/i18n';
import { NavTitles, useNavTitle } from '../lib/nav-titles';
import { redirectTo, requireSession, ssoRedirect } from './guards';
import { routeGenerator } from './route-generation';
import { useRouteMeta } from './route-meta';
import { navTitle } from './route-titles';
import { CONSOLE_ROUTES, FALLBACK_PATH, PATHS, PUBLIC_ROUTES, REDIRECTS, type ScreenRoute } from './routes';

function DocumentTitle() {
  const meta = useRouteMeta();
  const title = useNavTitle();
  const shown = meta ? title(meta.title) : undefined;
  useEffect(() => {
    document.title = shown ? pageTitle(shown) : PRODUCT_NAME;
  }, [shown]);
  return null;
}

/** Every screen below translates the routes' titles with the route table's (route-titles.ts). */
function RootRoute() {
  return (
    <NavTitles.Provider value={navTitle}>
      <DocumentTitle />
      <Outlet />
    </NavTitles.Provider>
  );
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

/**
 * A route of the table as the router takes it. A screen the menus decide on loads behind the
 * gate (screen-gate.tsx): its chunk only once they grant it, else the 403 page.
 */
function screenRoute({ path, meta, access, lazy }: ScreenRoute): RouteObject {
  return {
    path,
    handle: meta,
    lazy: access === 'granted' ? () => import('./screen-gate').then((m) => m.gatedRoute(path, lazy)) : lazy,
    ...(path === AUTH_PATHS.auth ? { loader: ssoRedirect } : {}),
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
