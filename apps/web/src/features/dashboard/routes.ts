import { PATHS } from '@/lib/paths';
import { type AppRoute, navRoute } from '@/lib/route-module';

export const dashboardRoutes: AppRoute[] = [
  // Spec §4: every signed-in user has the home page, whatever the menus say.
  navRoute(PATHS.dashboard, {
    access: 'signed-in',
    titleZh: '首页',
    lazy: () => import('./home-page').then((m) => ({ Component: m.HomePage })),
  }),
];
