import type { Client } from '@gatehouse/contract';
import { DEFAULT_SORT } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { clientsKey } from '@/api/keys';
import type { RowsPage } from '@/components/list-screen/list-query';
import type { AppListParams } from '@/features/app-config/shared/app-list-screen';
import { api } from '@/lib/http';

/** The legacy envelope of spec §3 as GET …/getClientList answers it. */
type LegacyClientList = { applicationClientList: Client[]; total: number };

/** GET /admin-service/applicationClient/getClientList (spec §7): 0-based page; the legacy envelope stays here. */
export async function fetchClientList(
  { appId, page, size, search, sort }: AppListParams,
  signal?: AbortSignal,
): Promise<RowsPage<Client>> {
  const body = await api.get<LegacyClientList>('/admin-service/applicationClient/getClientList', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.applicationClientList, total: body.total };
}

export const clientListQueryOptions = (params: AppListParams) =>
  queryOptions({
    queryKey: [...clientsKey, 'list', params],
    queryFn: ({ signal }) => fetchClientList(params, signal),
    // The table keeps showing the last page while the next one loads, rather than flashing empty.
    placeholderData: keepPreviousData,
  });
