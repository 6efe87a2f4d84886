import { type AppRoute, navRoute } from '@/lib/route-module';
import { appConfigPath } from './paths';

/** Spec §2, App configuration: each screen brings its `preload`, the calls its route starts. */
export const appConfigRoutes: AppRoute[] = [
  navRoute(appConfigPath('data-access'), {
    titleZh: '应用数据访问',
    lazy: () =>
      import('./data-access/data-access-page').then((m) => ({
        Component: m.DataAccessPage,
        preload: m.preload,
      })),
  }),
  navRoute(appConfigPath('permission'), {
    titleZh: '应用权限',
    lazy: () =>
      import('./permission/permission-page').then((m) => ({
        Component: m.PermissionPage,
        preload: m.preload,
      })),
  }),
  navRoute(appConfigPath('client'), {
    titleZh: '应用客户端',
    lazy: () => import('./client/client-page').then((m) => ({ Component: m.ClientPage, preload: m.preload })),
  }),
  navRoute(appConfigPath('resource'), {
    titleZh: '应用资源',
    lazy: () =>
      import('./resource/resource-page').then((m) => ({ Component: m.ResourcePage, preload: m.preload })),
  }),
];
