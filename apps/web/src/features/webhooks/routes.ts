import { type AppRoute, navRoute } from '@/lib/route-module';
import { WEBHOOK_PATH } from './paths';

export const webhooksRoutes: AppRoute[] = [
  navRoute(WEBHOOK_PATH, {
    titleZh: 'Webhook',
    lazy: () => import('./webhook-page').then((m) => ({ Component: m.WebhookPage, preload: m.preload })),
  }),
];
