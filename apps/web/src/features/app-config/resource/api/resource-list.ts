import { DEFAULT_SORT, type Page, type Resource } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { resourcesKey } from '@/api/keys';
import type { RowsPage } from '@/components/list-screen/list-query';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';
import { api } from '@/lib/http';

/**
 * GET /admin-service/resources (spec §7). Without a search the application's root nodes;
 * with one, the matching nodes at any depth. The `content/totalElements` envelope stays here.
 */
export async function fetchResourceList(
  { appId, page, size, search, sort }: AppListParams,
  signal?: AbortSignal,
): Promise<RowsPage<Resource>> {
  const body = await api.get<Page<Resource>>('/admin-service/resources', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const resourceListQueryOptions = (params: AppListParams) =>
  queryOptions({
    queryKey: [...resourcesKey, 'list', params],
    queryFn: ({ signal }) => fetchResourceList(params, signal),
    placeholderData: keepPreviousData,
  });
