import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';
import { dictionariesKey } from './list-dictionaries';

/** POST /admin-service/v2/dictionary/bulk and GET …/export: one application's dictionaries. */
export const dictionariesBulk = listBulk<ListQuery & { appId: string }>({
  list: 'dictionaries',
  path: '/admin-service/v2/dictionary',
  key: dictionariesKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
