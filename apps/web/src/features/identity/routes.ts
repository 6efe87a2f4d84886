import { type AppRoute, navRoute } from '@/lib/route-module';
import { IDENTITY_PATHS } from './paths';

/** Spec §2: the -V2 and -v2 paths show the same screens. */
const userPage = () => import('./users/user-page').then((m) => ({ Component: m.UserPage }));
const groupPage = () => import('./groups/group-page').then((m) => ({ Component: m.GroupPage }));

export const identityRoutes: AppRoute[] = [
  navRoute(IDENTITY_PATHS.user, { titleZh: '用户管理', lazy: userPage }),
  navRoute(IDENTITY_PATHS.userV2, { titleZh: '用户管理 V2', lazy: userPage }),
  navRoute(IDENTITY_PATHS.group, { titleZh: '用户组管理', lazy: groupPage }),
  navRoute(IDENTITY_PATHS.groupV2, { titleZh: '用户组管理 V2', lazy: groupPage }),
  navRoute(IDENTITY_PATHS.role, {
    titleZh: '角色管理',
    lazy: () => import('./roles/role-page').then((m) => ({ Component: m.RolePage })),
  }),
  navRoute(IDENTITY_PATHS.organization, {
    titleZh: '组织管理',
    lazy: () => import('./organizations/organization-page').then((m) => ({ Component: m.OrganizationPage })),
  }),
  navRoute(IDENTITY_PATHS.editOrganization, {
    titleZh: '编辑组织',
    lazy: () =>
      import('./organizations/edit-organization-page').then((m) => ({ Component: m.EditOrganizationPage })),
  }),
];
