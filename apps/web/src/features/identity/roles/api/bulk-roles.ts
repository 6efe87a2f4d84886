import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';
import { rolesKey } from './list-roles';

/** POST /admin-service/v2/role/bulk and GET …/export: the roles selected, or all matching the search. */
export const rolesBulk = listBulk<ListQuery>({
  list: 'roles',
  path: '/admin-service/v2/role',
  key: rolesKey,
  query: ({ search }) => search,
});
