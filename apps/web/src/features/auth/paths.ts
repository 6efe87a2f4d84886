import { PATHS } from '@/lib/paths';
import type { AccountPath } from '@/lib/route-module';

/**
 * The sign-in area's pages. Sign-in and the password pages a session can be held at are
 * lib/paths' too, since the HTTP client sends users there.
 */
export const AUTH_PATHS = {
  login: PATHS.login,
  auth: '/auth',
  forget: '/forget',
  oauth: '/oauth',
  resetPassword: '/reset-password',
  initialPassword: PATHS.initialPassword,
  overdue: PATHS.overdue,
  twoFactorSetup: PATHS.twoFactorSetup,
  accountSecurity: '/account-setting/security' satisfies AccountPath,
} as const;
