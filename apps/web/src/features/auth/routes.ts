import { type AppRoute, accountRoute, pageRoute } from '@/lib/route-module';
import { AUTH_PATHS } from './paths';

/** Spec §2: /reset-password and /initial-password show the same page. */
const passwordPage = () => import('./password-page').then((m) => ({ Component: m.PasswordPage }));

/** Spec §2, the public routes, and the account's security page. */
export const authRoutes: AppRoute[] = [
  pageRoute(AUTH_PATHS.login, {
    title: 'Login',
    titleZh: '登录',
    access: 'public',
    lazy: () => import('./login-page').then((m) => ({ Component: m.LoginPage })),
  }),
  pageRoute(AUTH_PATHS.auth, {
    title: 'Auth',
    titleZh: '认证',
    access: 'public',
    lazy: () => import('./auth-page').then((m) => ({ Component: m.AuthPage })),
  }),
  pageRoute(AUTH_PATHS.forget, {
    title: 'Forget password',
    titleZh: '忘记密码',
    access: 'public',
    lazy: () => import('./forget-page').then((m) => ({ Component: m.ForgetPage })),
  }),
  pageRoute(AUTH_PATHS.oauth, {
    title: 'OAuth',
    titleZh: 'OAuth 授权',
    access: 'public',
    lazy: () => import('./oauth-page').then((m) => ({ Component: m.OAuthPage })),
  }),
  pageRoute(AUTH_PATHS.resetPassword, {
    title: 'Reset Password',
    titleZh: '重置密码',
    access: 'public',
    lazy: passwordPage,
  }),
  pageRoute(AUTH_PATHS.initialPassword, {
    title: 'Initial Password',
    titleZh: '设置初始密码',
    access: 'public',
    lazy: passwordPage,
  }),
  pageRoute(AUTH_PATHS.overdue, {
    title: 'Overdue Password',
    titleZh: '密码已过期',
    access: 'public',
    lazy: () => import('./overdue-page').then((m) => ({ Component: m.OverduePage })),
  }),
  pageRoute(AUTH_PATHS.twoFactorSetup, {
    title: 'Two-factor Setup',
    titleZh: '设置两步验证',
    access: 'public',
    lazy: () => import('./two-factor-setup-page').then((m) => ({ Component: m.TwoFactorSetupPage })),
  }),
  accountRoute(AUTH_PATHS.accountSecurity, {
    titleZh: '账户安全设置',
    lazy: () => import('./security-page').then((m) => ({ Component: m.SecurityPage })),
  }),
];
