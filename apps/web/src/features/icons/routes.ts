import { type AppRoute, pageRoute } from '@/lib/route-module';
import { ICONS_PATH } from './paths';

export const iconsRoutes: AppRoute[] = [
  pageRoute(ICONS_PATH, {
    title: 'Icons',
    titleZh: '图标',
    access: 'signed-in',
    lazy: () => import('./icons-page').then((m) => ({ Component: m.IconsPage })),
  }),
];
