import { generatePath } from 'react-router';

/**
 * Paths that screens link to. They live below the route table so that features can link
 * to each other without importing the app layer; the route table uses the same constants.
 */
export const PATHS = {
  login: '/login',
  auth: '/auth',
  forget: '/forget',
  oauth: '/oauth',
  resetPassword: '/reset-password',
  initialPassword: '/initial-password',
  overdue: '/overdue',
  dashboard: '/dashboard',
  accountSetting: '/account-setting',
  accountSecurity: '/account-setting/security',
  profile: '/profile-page',
  notFound: '/error/404',
  application: '/admin-setting/application',
  applicationDetail: '/admin-setting/application-detail',
  dataDict: '/admin-setting/data-dict',
  product: '/admin-setting/product',
  productDetail: '/admin-setting/detail',
  manageOrganization: '/admin-setting/manage-organization',
  editOrganization: '/admin-setting/edit-organization',
  workflowDetail: '/admin-setting/workflow-detail/:mode/:name',
  workflowDvfDetail: '/admin-setting/workflow-dvf-detail/:id/:mode',
} as const;

export const APP_CONFIG_SCREENS = ['data-access', 'permission', 'client', 'resource'] as const;
export type AppConfigScreen = (typeof APP_CONFIG_SCREENS)[number];

/** The sign-in page; `redirect` is where to go afterwards. */
export function toLogin(params: { redirect?: string; isInterception?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (params.isInterception) query.set('isInterception', '1');
  if (params.redirect) query.set('redirect', params.redirect);
  const search = query.toString();
  return search ? `${PATHS.login}?${search}` : PATHS.login;
}

/** Spec §2: the application of the app-config screens travels as `appId` in the query. */
export function toAppConfig(screen: AppConfigScreen, params: { appId?: string } = {}): string {
  const path = `/app-config/${screen}`;
  return params.appId ? `${path}?${new URLSearchParams({ appId: params.appId })}` : path;
}

/** The query parameter that names the organization edit-organization edits. */
export const ORGANIZATION_ID_PARAM = 'organizationId';

/** Edit Organization: the organization travels as `organizationId` in the query. */
export function toEditOrganization(params: { organizationId: string }): string {
  return `${PATHS.editOrganization}?${new URLSearchParams({ [ORGANIZATION_ID_PARAM]: params.organizationId })}`;
}

/** The query parameter that names the product Product Detail shows. */
export const PRODUCT_ID_PARAM = 'productId';

/** Product Detail: the product travels as `productId` in the query. */
export function toProductDetail(params: { productId: string }): string {
  return `${PATHS.productDetail}?${new URLSearchParams({ [PRODUCT_ID_PARAM]: params.productId })}`;
}

export function toWorkflowDetail(params: { mode: string; name: string }): string {
  return generatePath(PATHS.workflowDetail, params);
}

export function toWorkflowDvfDetail(params: { id: string; mode: string }): string {
  return generatePath(PATHS.workflowDvfDetail, params);
}

/**
 * Where a signed-in user must go before anything else: /initial-password while a generated
 * or administrator-set password is pending, /overdue once the password is older than the
 * policy allows; null when neither.
 */
export function pendingPasswordPath(user: { mustChangePassword: boolean; passwordExpired?: boolean } | null) {
  if (user?.mustChangePassword) return PATHS.initialPassword;
  if (user?.passwordExpired) return PATHS.overdue;
  return null;
}

/** A stand-in origin: what matters is only whether a target stays on it. */
const THIS_ORIGIN = 'http://gatehouse.invalid';

/**
 * Only a path on this origin is a safe place to return to after sign-in; anything else
 * (`//evil.example`, `https://…`) would make the login page an open redirect. The target is
 * read as the browser reads it, which drops tabs and line breaks and takes `\` for `/`:
 * `/\t/evil.example` is `//evil.example`, whose navigation the browser refuses, leaving a
 * signed-in user on /login. A target that leaves the origin, cannot be read, or leads back
 * to the sign-in page gives way to `fallback`; any other comes back as the path it reads as.
 */
export function safeRedirect(target: string | null | undefined, fallback: string = PATHS.dashboard): string {
  if (!target?.startsWith('/')) return fallback;
  const url = readPath(target);
  if (!url || url.origin !== THIS_ORIGIN || url.pathname === PATHS.login) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A path (with its query) read as the browser reads it, against a stand-in origin; none when it cannot be read. */
export function readPath(target: string): URL | undefined {
  try {
    return new URL(target, THIS_ORIGIN);
  } catch {
    return undefined;
  }
}

/** Application Detail: the application travels as `appId` in the query, like the app-config screens'. */
export function toApplicationDetail(params: { appId: string }): string {
  return `${PATHS.applicationDetail}?${new URLSearchParams({ appId: params.appId })}`;
}
