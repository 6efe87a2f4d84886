import { type AppRoute, navRoute } from '@/lib/route-module';
import { AUDIT_LOG_PATH } from './paths';

export const auditRoutes: AppRoute[] = [
  navRoute(AUDIT_LOG_PATH, {
    titleZh: '审计日志',
    lazy: () => import('./audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  }),
];
