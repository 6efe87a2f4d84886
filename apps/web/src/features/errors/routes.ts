import { type AppRoute, pageRoute } from '@/lib/route-module';

/** Spec §2: where an unknown path ends. */
export const notFoundRoute: AppRoute = pageRoute('/error/404', {
  title: '404',
  titleZh: '404',
  access: 'public',
  lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })),
});

export const errorRoutes: AppRoute[] = [notFoundRoute];
