import { applicationsKey } from '@/api/keys';
import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';

/** POST /admin-service/v2/application/bulk and GET …/export: the applications selected, or all the caller reaches that match the search. */
export const applicationsBulk = listBulk<ListQuery>({
  list: 'applications',
  path: '/admin-service/v2/application',
  key: applicationsKey,
  query: ({ search }) => search,
});
