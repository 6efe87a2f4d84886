import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';
import { pagesKey } from './list-pages';

/** POST /admin-service/v2/application/pages/bulk and GET …/export: an application's pages. */
export const pagesBulk = listBulk<ListQuery & { appId: string }>({
  list: 'pages',
  path: '/admin-service/v2/application/pages',
  key: pagesKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
