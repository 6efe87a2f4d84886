import type { NavPath } from '@gatehouse/contract';
import { generatePath } from 'react-router';
import { type AppRoute, type LazyScreen, navRoute } from '@/lib/route-module';

/** Every screen not built yet shows the shared "not available yet" page. */
const comingSoon: LazyScreen = () =>
  import('@/components/coming-soon-page').then((m) => ({ Component: m.ComingSoonPage }));

const WORKFLOW_DETAIL = '/admin-setting/workflow-detail/:mode/:name' satisfies NavPath;
const WORKFLOW_DVF_DETAIL = '/admin-setting/workflow-dvf-detail/:id/:mode' satisfies NavPath;

export function toWorkflowDetail(params: { mode: string; name: string }): string {
  return generatePath(WORKFLOW_DETAIL, params);
}

export function toWorkflowDvfDetail(params: { id: string; mode: string }): string {
  return generatePath(WORKFLOW_DVF_DETAIL, params);
}

/**
 * The screens of the console navigation (spec §2) that no feature has built yet. Each moves
 * to its feature's route module when it is built; the route table test checks that every
 * navigation path has exactly one route.
 */
export const plannedRoutes: AppRoute[] = (
  [
    ['/admin-setting/manage-policy', '策略管理'],
    ['/admin-setting/policy-mapping', '策略映射'],
    ['/admin-setting/workflow', '工作流'],
    [WORKFLOW_DETAIL, '工作流详情'],
    ['/admin-setting/workflow-dvf', '工作流 DVF'],
    [WORKFLOW_DVF_DETAIL, '工作流 DVF 详情'],
    ['/admin-setting/templateService', '模板服务'],
    ['/admin-setting/templateService-detail', '模板服务详情'],
    ['/admin-setting/am-bucket', '存储桶'],
    ['/admin-setting/am-space', '存储空间'],
    ['/notification/message', '消息'],
  ] as const satisfies readonly (readonly [NavPath, string])[]
).map(([path, titleZh]) => navRoute(path, { titleZh, lazy: comingSoon }));
