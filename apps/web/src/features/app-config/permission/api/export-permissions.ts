import { permissionsKey } from '@/api/keys';
import { listBulk } from '@/components/list-screen/bulk';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';

/** GET /admin-service/permission/export: one application's permissions, which take no bulk action. */
export const permissionsBulk = listBulk<AppListParams>({
  list: 'permissions',
  path: '/admin-service/permission',
  key: permissionsKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
