import { type AppRoute, navRoute } from '@/lib/route-module';

export const consoleSettingsRoutes: AppRoute[] = [
  navRoute('/admin-setting/console-settings', {
    titleZh: '控制台设置',
    lazy: () => import('./console-settings-page').then((m) => ({ Component: m.ConsoleSettingsPage })),
  }),
];
