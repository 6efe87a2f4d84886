import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '@gatehouse/contract';
import { api } from '@/lib/http';
import type { SearchValues } from '@/components/search-bar';

/** The list as the screen reads it: the legacy envelope stays in this file. */
export type ClientPage = { items: Client[]; total: number };

/** The legacy envelope of spec §3 as GET …/getClientList answers it. */
type LegacyClientList = { applicationClientList: Client[]; total: number };

export type ClientListParams = {
  appId: string;
  /** 1-based, as the pager shows it. */
  page: number;
  size: number;
  search: SearchValues;
};

/** Every client query starts with this key, so a mutation can refresh them all at once. */
export const clientsKey = ['app-config', 'clients'] as const;

/** GET /admin-service/applicationClient/getClientList (spec §7): 0-based page, legacy envelope. */
export async function fetchClientList(
  { appId, page, size, search }: ClientListParams,
  signal?: AbortSignal,
): Promise<ClientPage> {
  const body = await api.get<LegacyClientList>('/admin-service/applicationClient/getClientList', {
    params: { ...search, applicationId: appId, page: page - 1, size },
    signal,
  });
  return { items: body.applicationClientList, total: body.total };
}

export const clientListQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: [...clientsKey, 'list', params],
    queryFn: ({ signal }) => fetchClientList(params, signal),
    // The table keeps showing the last page while the next one loads, rather than flashing empty.
    placeholderData: keepPreviousData,
  });

/** The application's clients; nothing is asked before an application is chosen. */
export function useClientList(params: ClientListParams) {
  return useQuery({ ...clientListQueryOptions(params), enabled: params.appId !== '' });
}
