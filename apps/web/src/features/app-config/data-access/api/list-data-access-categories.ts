import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { dataAccessesKey } from './list-data-accesses';

/** GET /admin-service/data/access/categories: the application's distinct categories, sorted. */
export async function fetchDataAccessCategories(appId: string, signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>('/admin-service/data/access/categories', {
    params: { applicationId: appId },
    signal,
  });
}

export const dataAccessCategoriesQueryOptions = (appId: string) =>
  queryOptions({
    // Under the list key, so a create or edit that adds a category refreshes the choices too.
    queryKey: [...dataAccessesKey, 'categories', appId],
    queryFn: ({ signal }) => fetchDataAccessCategories(appId, signal),
  });

/** The choices of the category filter and the form's suggestions; nothing is asked without an app. */
export function useDataAccessCategories(appId: string | undefined) {
  return useQuery({ ...dataAccessCategoriesQueryOptions(appId ?? ''), enabled: appId !== undefined });
}
