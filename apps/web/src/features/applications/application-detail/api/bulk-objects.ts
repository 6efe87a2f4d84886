import { objectsKey } from '@/api/keys';
import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';

/** POST /admin-service/v2/object/bulk and GET …/export: an application's objects. */
export const objectsBulk = listBulk<ListQuery & { appId: string }>({
  list: 'dataObjects',
  path: '/admin-service/v2/object',
  key: objectsKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
