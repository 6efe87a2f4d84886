import { listBulk } from '@/components/list-screen/bulk';
import type { UserListParams } from './list-users';
import { usersKey } from './list-users';

/** POST /admin-service/v2/user/bulk and GET …/export: the users selected, or all matching the search. */
export const usersBulk = listBulk<UserListParams>({
  list: 'users',
  path: '/admin-service/v2/user',
  key: usersKey,
  query: ({ search, groupId, organizationId }) => ({ ...search, groupId, organizationId }),
});
