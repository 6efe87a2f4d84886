import { resourcesKey } from '@/api/keys';
import { listBulk } from '@/components/list-screen/bulk';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';

/** POST /admin-service/resource/bulk and GET …/export: one application's nodes as the list shows them (the roots, or with a search the matches at any depth). */
export const resourcesBulk = listBulk<AppListParams>({
  list: 'resources',
  path: '/admin-service/resource',
  key: resourcesKey,
  query: ({ appId, search }) => ({ ...search, applicationId: appId }),
});
