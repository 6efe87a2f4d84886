import { type AppRoute, navRoute } from '@/lib/route-module';
import { APPLICATIONS_PATHS } from './paths';

export const applicationsRoutes: AppRoute[] = [
  navRoute(APPLICATIONS_PATHS.product, {
    titleZh: '产品',
    lazy: () => import('./products/product-page').then((m) => ({ Component: m.ProductPage })),
  }),
  navRoute(APPLICATIONS_PATHS.productDetail, {
    titleZh: '产品详情',
    lazy: () =>
      import('./product-detail/product-detail-page').then((m) => ({ Component: m.ProductDetailPage })),
  }),
  navRoute(APPLICATIONS_PATHS.application, {
    titleZh: '应用',
    lazy: () => import('./application-page').then((m) => ({ Component: m.ApplicationPage })),
  }),
  navRoute(APPLICATIONS_PATHS.applicationDetail, {
    titleZh: '应用详情',
    lazy: () =>
      import('./application-detail/application-detail-page').then((m) => ({
        Component: m.ApplicationDetailPage,
      })),
  }),
];
