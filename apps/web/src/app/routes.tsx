import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import { ACCOUNT_ROUTES, allNavMenus, permissionIdForPath } from '@gatehouse/contract';
import type { ScreenPreload } from '../components/list-screen/preload';
import { PATHS } from '../lib/paths';

export {
  APP_CONFIG_SCREENS,
  PATHS,
  toAppConfig,
  toLogin,
  toWorkflowDetail,
  toWorkflowDvfDetail,
} from '../lib/paths';

/** What each route carries besides its screen: read by the title, tabs and access checks. */
export type RouteMeta = {
  title: string;
  /** Spec §2: a cached screen keeps its state when the user leaves it for another tab. */
  keepAlive: boolean;
  /** The dotted id of the per-route permission check (spec §6), for signed-in screens. */
  permissionId?: string;
};

/**
 * Each screen is its own chunk, loaded when its route is first visited. A screen behind the
 * menus' gate may bring a `preload`, which its loader calls once the screen is granted.
 */
export type LazyScreen = () => Promise<{ Component: ComponentType; preload?: ScreenPreload }>;

/** A route's lazy part: a screen, or a screen behind the loader that decides whether it may show. */
export type RouteLazy = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;

export type ScreenRoute = { path: string; meta: RouteMeta; lazy: RouteLazy };

const screens = {
  login: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  auth: () => import('../features/auth/auth-page').then((m) => ({ Component: m.AuthPage })),
  forget: () => import('../features/auth/forget-page').then((m) => ({ Component: m.ForgetPage })),
  oauth: () => import('../features/auth/oauth-page').then((m) => ({ Component: m.OAuthPage })),
  password: () => import('../features/auth/password-page').then((m) => ({ Component: m.PasswordPage })),
  overdue: () => import('../features/auth/overdue-page').then((m) => ({ Component: m.OverduePage })),
  notFound: () => import('../features/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  home: () => import('../features/dashboard/home-page').then((m) => ({ Component: m.HomePage })),
  accountSetting: () =>
    import('../features/account/account-setting-page').then((m) => ({ Component: m.AccountSettingPage })),
  accountSecurity: () =>
    import('../features/auth/security-page').then((m) => ({ Component: m.SecurityPage })),
  profile: () => import('../features/account/profile-page').then((m) => ({ Component: m.ProfilePage })),
  comingSoon: () => import('../components/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage })),
} satisfies Record<string, LazyScreen>;

function publicRoute(path: string, title: string, lazy: LazyScreen): ScreenRoute {
  return { path, meta: { title, keepAlive: false }, lazy };
}

/** Spec §2, public routes: reachable without a session. */
export const PUBLIC_ROUTES: readonly ScreenRoute[] = [
  publicRoute(PATHS.login, 'Login', screens.login),
  publicRoute(PATHS.auth, 'Auth', screens.auth),
  publicRoute(PATHS.forget, 'Forget password', screens.forget),
  publicRoute(PATHS.oauth, 'OAuth', screens.oauth),
  publicRoute(PATHS.resetPassword, 'Reset Password', screens.password),
  publicRoute(PATHS.initialPassword, 'Initial Password', screens.password),
  publicRoute(PATHS.overdue, 'Overdue Password', screens.overdue),
  publicRoute(PATHS.notFound, '404', screens.notFound),
];

/** The identity screens that two paths each show. */
const identityScreens = {
  user: () => import('../features/identity/users/user-page').then((m) => ({ Component: m.UserPage })),
  group: () => import('../features/identity/groups/group-page').then((m) => ({ Component: m.GroupPage })),
} satisfies Record<string, LazyScreen>;

/** Screens built so far; every other console path shows the shared "not available yet" page. */
const BUILT_SCREENS: Record<string, LazyScreen> = {
  [PATHS.dashboard]: screens.home,
  [PATHS.accountSetting]: screens.accountSetting,
  [PATHS.accountSecurity]: screens.accountSecurity,
  [PATHS.profile]: screens.profile,
  [PATHS.application]: () =>
    import('../features/applications/application-page').then((m) => ({ Component: m.ApplicationPage })),
  [PATHS.product]: () =>
    import('../features/applications/products/product-page').then((m) => ({ Component: m.ProductPage })),
  [PATHS.productDetail]: () =>
    import('../features/applications/product-detail/product-detail-page').then((m) => ({
      Component: m.ProductDetailPage,
    })),
  '/app-config/data-access': () =>
    import('../features/app-config/data-access/data-access-page').then((m) => ({
      Component: m.DataAccessPage,
      preload: m.preload,
    })),
  '/app-config/permission': () =>
    import('../features/app-config/permission/permission-page').then((m) => ({
      Component: m.PermissionPage,
      preload: m.preload,
    })),
  '/app-config/client': () =>
    import('../features/app-config/client/client-page').then((m) => ({
      Component: m.ClientPage,
      preload: m.preload,
    })),
  '/app-config/resource': () =>
    import('../features/app-config/resource/resource-page').then((m) => ({
      Component: m.ResourcePage,
      preload: m.preload,
    })),
  // Spec §2: the -V2 and -v2 paths show the same screens.
  '/admin-setting/manage-user': identityScreens.user,
  '/admin-setting/manage-user-V2': identityScreens.user,
  '/admin-setting/manage-group': identityScreens.group,
  '/admin-setting/manage-group-v2': identityScreens.group,
  '/admin-setting/manage-role': () =>
    import('../features/identity/roles/role-page').then((m) => ({ Component: m.RolePage })),
  [PATHS.manageOrganization]: () =>
    import('../features/identity/organizations/organization-page').then((m) => ({
      Component: m.OrganizationPage,
    })),
  [PATHS.applicationDetail]: () =>
    import('../features/applications/application-detail/application-detail-page').then((m) => ({
      Component: m.ApplicationDetailPage,
    })),
  [PATHS.dataDict]: () =>
    import('../features/data-dict/dictionary-page').then((m) => ({ Component: m.DictionaryPage })),
  '/admin-setting/console-settings': () =>
    import('../features/console-settings/console-settings-page').then((m) => ({
      Component: m.ConsoleSettingsPage,
    })),
  [PATHS.editOrganization]: () =>
    import('../features/identity/organizations/edit-organization-page').then((m) => ({
      Component: m.EditOrganizationPage,
    })),
};

/** Spec §4: the pages every signed-in user has. The menus decide on every other console route. */
export const ALWAYS_ALLOWED: ReadonlySet<string> = new Set([
  PATHS.dashboard,
  ...ACCOUNT_ROUTES.map((route) => route.path),
]);

/** A screen the menus decide on: its chunk loads only once they grant it (app/screen-gate). */
function gated(path: string, screen: LazyScreen): RouteLazy {
  return () => import('./screen-gate').then((m) => m.gatedRoute(path, screen));
}

function consoleRoute(path: string, title: string, keepAlive: boolean): ScreenRoute {
  const screen = BUILT_SCREENS[path] ?? screens.comingSoon;
  return {
    path,
    meta: { title, keepAlive, permissionId: permissionIdForPath(path) },
    lazy: ALWAYS_ALLOWED.has(path) ? screen : gated(path, screen),
  };
}

/** Spec §2, signed-in routes: the console navigation of the contract plus the account pages. */
export const CONSOLE_ROUTES: readonly ScreenRoute[] = [
  ...allNavMenus().map((menu) => consoleRoute(menu.path, menu.title, menu.keepAlive ?? false)),
  ...ACCOUNT_ROUTES.map((route) => consoleRoute(route.path, route.title, false)),
];

/** Spec §2, redirects. The query string is kept, so `/app-config?appId=x` keeps its app. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': PATHS.dashboard,
  '/notification': '/notification/message',
  '/admin-setting': '/admin-setting/product',
  '/app-config': '/app-config/client',
  '/error': PATHS.notFound,
};

/** Where any path outside the table ends. */
export const FALLBACK_PATH = PATHS.notFound;
