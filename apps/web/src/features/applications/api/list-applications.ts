import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Application, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import type { SearchValues } from '@/components/search-bar';
import { api } from '@/lib/http';

/**
 * Every application query in the console starts with this key (the app-config picker uses
 * the same root), so creating an application refreshes every list that offers it.
 */
export const applicationsKey = ['applications'] as const;

export type ApplicationListParams = {
  /** 1-based, as the pager shows it. */
  page: number;
  size: number;
  search: SearchValues;
};

export type ApplicationList = { items: Application[]; total: number };

/** The server counts pages from 0 and sorts newest first. */
export function applicationListQuery({ page, size, search }: ApplicationListParams) {
  return { ...search, sort: DEFAULT_SORT, page: page - 1, size };
}

/** GET /admin-service/v2/application. */
export async function fetchApplications(
  params: ApplicationListParams,
  signal?: AbortSignal,
): Promise<ApplicationList> {
  const body = await api.get<Page<Application>>('/admin-service/v2/application', {
    params: applicationListQuery(params),
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const applicationsQueryOptions = (params: ApplicationListParams) =>
  queryOptions({
    queryKey: [...applicationsKey, 'list', params],
    queryFn: ({ signal }) => fetchApplications(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });

export function useApplications(params: ApplicationListParams) {
  return useQuery(applicationsQueryOptions(params));
}
