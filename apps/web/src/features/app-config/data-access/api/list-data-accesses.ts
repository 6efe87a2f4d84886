import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DataAccess, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import type { SearchValues } from '@/components/search-bar';
import { api } from '@/lib/http';

/** Every data-access query starts with this key, so a change can refresh them all at once. */
export const dataAccessesKey = ['app-config', 'data-accesses'] as const;

export type DataAccessListParams = {
  appId: string;
  /** 1-based, as the pager shows it. */
  page: number;
  size: number;
  search: SearchValues;
};

/** The list as the screen reads it; the server's `content/totalElements` envelope stays here. */
export type DataAccessList = { items: DataAccess[]; total: number };

/** The query string of spec §7: the server counts pages from 0 and sorts newest first. */
export function dataAccessListQuery({ appId, page, size, search }: DataAccessListParams) {
  return { ...search, applicationId: appId, sort: DEFAULT_SORT, page: page - 1, size };
}

/** GET /admin-service/data/accesses. */
export async function fetchDataAccesses(
  params: DataAccessListParams,
  signal?: AbortSignal,
): Promise<DataAccessList> {
  const body = await api.get<Page<DataAccess>>('/admin-service/data/accesses', {
    params: dataAccessListQuery(params),
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const dataAccessesQueryOptions = (params: DataAccessListParams) =>
  queryOptions({
    queryKey: [...dataAccessesKey, 'list', params],
    queryFn: ({ signal }) => fetchDataAccesses(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });

export function useDataAccesses(params: DataAccessListParams) {
  return useQuery(dataAccessesQueryOptions(params));
}
