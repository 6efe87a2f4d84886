import { type AppRoute, accountRoute } from '@/lib/route-module';
import { ACCOUNT_PATHS } from './paths';

export const accountRoutes: AppRoute[] = [
  accountRoute(ACCOUNT_PATHS.accountSetting, {
    titleZh: '账户设置',
    lazy: () => import('./account-setting-page').then((m) => ({ Component: m.AccountSettingPage })),
  }),
  accountRoute(ACCOUNT_PATHS.profile, {
    titleZh: '个人资料',
    lazy: () => import('./profile-page').then((m) => ({ Component: m.ProfilePage })),
  }),
];
