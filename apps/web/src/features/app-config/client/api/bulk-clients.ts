import { listBulk } from '@/components/list-screen/bulk';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';
import { clientsKey } from '@/api/keys';

/** POST /admin-service/v2/application/client/bulk and GET …/export: one application's clients. */
export const clientsBulk = listBulk<AppListParams>({
  path: '/admin-service/v2/application/client',
  actions: ['enable', 'disable'],
  key: clientsKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
