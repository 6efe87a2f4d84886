import { listBulk } from '@/components/list-screen/bulk';
import type { ListQuery } from '@/components/list-screen/list-query';
import { aclsKey } from './list-acls';

/** POST /admin-service/v2/application/acl/bulk and GET …/export: an application's access-control entries. */
export const aclsBulk = listBulk<ListQuery & { appId: string }>({
  list: 'acl',
  path: '/admin-service/v2/application/acl',
  key: aclsKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
