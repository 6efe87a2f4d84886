import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Application, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { APPLICATIONS_KEY } from './get-application';

/** How many matches the application picker offers; typing narrows them on the server. */
export const APPLICATION_OPTIONS_SIZE = 20;

/** GET /admin-service/v2/application, the first page matching `keyword`: the picker's choices. */
export async function fetchApplicationOptions(keyword: string, signal?: AbortSignal): Promise<Application[]> {
  const params = {
    page: 0,
    size: APPLICATION_OPTIONS_SIZE,
    sort: DEFAULT_SORT,
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  };
  const page = await api.get<Page<Application>>('/admin-service/v2/application', { params, signal });
  return page.content;
}

export const applicationOptionsQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [APPLICATIONS_KEY, 'options', keyword.trim()],
    queryFn: ({ signal }) => fetchApplicationOptions(keyword, signal),
  });

export function useApplicationOptions(keyword: string, enabled = true) {
  // The previous choices stay while the next ones load, so the list does not flicker as one types.
  return useQuery({ ...applicationOptionsQueryOptions(keyword), enabled, placeholderData: keepPreviousData });
}
