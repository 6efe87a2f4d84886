import { setsKey } from '@/api/keys';
import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';

/** POST /admin-service/v2/set/bulk and GET …/export: an application's sets. */
export const setsBulk = listBulk<ListQuery & { appId: string }>({
  list: 'dataSets',
  path: '/admin-service/v2/set',
  key: setsKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
