import { DEFAULT_SORT, type Page, type Permission } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { permissionsKey } from '@/api/keys';
import type { RowsPage } from '@/components/list-screen/list-query';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';
import { api } from '@/lib/http';

/** GET /admin-service/permission/getPermissionList (spec §7): 0-based page, newest first; the envelope stays here. */
export async function fetchPermissions(
  { appId, page, size, search, sort }: AppListParams,
  signal?: AbortSignal,
): Promise<RowsPage<Permission>> {
  const body = await api.get<Page<Permission>>('/admin-service/permission/getPermissionList', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const permissionsQueryOptions = (params: AppListParams) =>
  queryOptions({
    queryKey: [...permissionsKey, 'list', params],
    queryFn: ({ signal }) => fetchPermissions(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });
