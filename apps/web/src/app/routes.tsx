import { accountRoutes } from '@/features/account/routes';
import { appConfigPath } from '@/features/app-config/paths';
import { appConfigRoutes } from '@/features/app-config/routes';
import { APPLICATIONS_PATHS } from '@/features/applications/paths';
import { applicationsRoutes } from '@/features/applications/routes';
import { auditRoutes } from '@/features/audit/routes';
import { authRoutes } from '@/features/auth/routes';
import { consoleSettingsRoutes } from '@/features/console-settings/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { dataDictRoutes } from '@/features/data-dict/routes';
import { errorRoutes, notFoundRoute } from '@/features/errors/routes';
import { iconsRoutes } from '@/features/icons/routes';
import { identityRoutes } from '@/features/identity/routes';
import { identityProvidersRoutes } from '@/features/identity-providers/routes';
import { webhooksRoutes } from '@/features/webhooks/routes';
import { PATHS } from '@/lib/paths';
import type { AppRoute } from '@/lib/route-module';
import { plannedRoutes } from './planned-routes';

// Re-exported from where they are declared, for the router and the route table's tests.
export { toAppConfig } from '@/features/app-config/paths';
export { PATHS, toLogin } from '@/lib/paths';
export { toWorkflowDetail, toWorkflowDvfDetail } from './planned-routes';

/** A route of the table: its path, its meta (title, keepAlive, permission), who may open it and its screen. */
export type ScreenRoute = AppRoute;

/**
 * The route table: every feature's routes (`features/<area>/routes.ts`), put together. The
 * router, the titles in both languages (route-titles.ts), the tabs and the 403 gate all read
 * it, so a route is declared once, in its feature.
 */
const ALL_ROUTES: readonly AppRoute[] = [
  ...authRoutes,
  ...errorRoutes,
  ...dashboardRoutes,
  ...accountRoutes,
  ...applicationsRoutes,
  ...appConfigRoutes,
  ...identityRoutes,
  ...dataDictRoutes,
  ...consoleSettingsRoutes,
  ...auditRoutes,
  ...webhooksRoutes,
  ...identityProvidersRoutes,
  ...iconsRoutes,
  ...plannedRoutes,
];

/** Spec §2, public routes: reachable without a session. */
export const PUBLIC_ROUTES: readonly ScreenRoute[] = ALL_ROUTES.filter((r) => r.access === 'public');

/** Spec §2, signed-in routes: the console navigation of the contract, the account pages and the icons. */
export const CONSOLE_ROUTES: readonly ScreenRoute[] = ALL_ROUTES.filter((r) => r.access !== 'public');

/** Spec §4: the pages every signed-in user has. The menus decide on every other console route. */
export const ALWAYS_ALLOWED: ReadonlySet<string> = new Set(
  CONSOLE_ROUTES.filter((r) => r.access === 'signed-in').map((r) => r.path),
);

/** Spec §2, redirects. The query string is kept, so `/app-config?appId=x` keeps its app. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': PATHS.dashboard,
  '/notification': '/notification/message',
  '/admin-setting': APPLICATIONS_PATHS.product,
  '/app-config': appConfigPath('client'),
  '/error': notFoundRoute.path,
};

/** Where any path outside the table ends. */
export const FALLBACK_PATH = notFoundRoute.path;
