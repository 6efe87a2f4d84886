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

export function toWorkflowDetail(params: { mode: string; name: string }): string {
  return generatePath(PATHS.workflowDetail, params);
}

export function toWorkflowDvfDetail(params: { id: string; mode: string }): string {
  return generatePath(PATHS.workflowDvfDetail, params);
}

/**
 * Only a path on this origin is a safe place to return to after sign-in; anything else
 * (`//evil.example`, `https://…`) would make the login page an open redirect.
 */
export function safeRedirect(target: string | null | undefined, fallback: string = PATHS.dashboard): string {
  const onThisOrigin = target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
  return onThisOrigin && target ? target : fallback;
}
