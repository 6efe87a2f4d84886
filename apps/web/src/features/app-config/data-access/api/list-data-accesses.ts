import { type DataAccess, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RowsPage } from '@/components/list-screen/list-query';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';
import { api } from '@/lib/http';

/** Every data-access query starts with this key, so a change can refresh them all at once. */
export const dataAccessesKey = ['app-config', 'data-accesses'] as const;

/** GET /admin-service/data/accesses (spec §7): 0-based page, newest first; the envelope stays here. */
export async function fetchDataAccesses(
  { appId, page, size, search, sort }: AppListParams,
  signal?: AbortSignal,
): Promise<RowsPage<DataAccess>> {
  const body = await api.get<Page<DataAccess>>('/admin-service/data/accesses', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const dataAccessesQueryOptions = (params: AppListParams) =>
  queryOptions({
    queryKey: [...dataAccessesKey, 'list', params],
    queryFn: ({ signal }) => fetchDataAccesses(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });
