import { clientsKey } from '@/api/keys';
import { listBulk } from '@/components/list-screen/bulk';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';

/** POST /admin-service/v2/application/client/bulk and GET …/export: one application's clients. */
export const clientsBulk = listBulk<AppListParams>({
  list: 'clients',
  path: '/admin-service/v2/application/client',
  key: clientsKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
