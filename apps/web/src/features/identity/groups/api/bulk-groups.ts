import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';
import { groupsKey } from './list-groups';

/** POST /admin-service/v2/group/bulk and GET …/export: the groups selected, or all matching the search. */
export const groupsBulk = listBulk<ListQuery>({
  list: 'groups',
  path: '/admin-service/v2/group',
  key: groupsKey,
  query: ({ search }) => search,
});
