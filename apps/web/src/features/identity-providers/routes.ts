import { type AppRoute, navRoute } from '@/lib/route-module';
import { PROVIDER_PATH } from './paths';

export const identityProvidersRoutes: AppRoute[] = [
  navRoute(PROVIDER_PATH, {
    titleZh: '身份提供方',
    lazy: () => import('./provider-page').then((m) => ({ Component: m.ProviderPage, preload: m.preload })),
  }),
];
