import { listBulk } from '@/components/list-screen/bulk';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';
import { dataAccessesKey } from './list-data-accesses';

/** GET /admin-service/data/accesses/export: one application's data accesses, which take no bulk action. */
export const dataAccessesBulk = listBulk<AppListParams>({
  list: 'dataAccesses',
  path: '/admin-service/data/accesses',
  key: dataAccessesKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
