import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';
import { apisKey } from './list-apis';

/** POST /admin-service/v2/application/api/bulk and GET …/export: an application's APIs. */
export const apisBulk = listBulk<ListQuery & { appId: string }>({
  list: 'appApis',
  path: '/admin-service/v2/application/api',
  key: apisKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
