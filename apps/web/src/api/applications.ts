import { type Application, DEFAULT_SORT, MAX_PAGE_SIZE, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { applicationsKey, CHOICES_SIZE } from './keys';

export { applicationsKey };

/** GET /admin-service/v2/application: 0-based page, newest first; the envelope stays here. */
export async function fetchApplications(
  { page, size, search, sort }: ListQuery,
  signal?: AbortSignal,
): Promise<RowsPage<Application>> {
  const body = await api.get<Page<Application>>('/admin-service/v2/application', {
    params: { ...search, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

/** The Application screen's page of rows. */
export const applicationsQueryOptions = (params: ListQuery) =>
  queryOptions({
    queryKey: [...applicationsKey, 'list', params],
    queryFn: ({ signal }) => fetchApplications(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });

/** A product's applications, one page of the largest size (a product groups a handful). */
export const productApplicationsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...applicationsKey, 'list', { productId }],
    queryFn: ({ signal }) =>
      fetchApplications({ page: 1, size: MAX_PAGE_SIZE, search: { productId } }, signal),
  });

/** An application as a picker names it: "Portal (portal)". */
export const applicationChoice = (app: Pick<Application, 'applicationId' | 'name'>): Choice => ({
  value: app.applicationId,
  label: `${app.name} (${app.applicationId})`,
});

/** The first page of applications matching `keyword`: the choices of every application picker. */
export async function fetchApplicationChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  const typed = keyword.trim();
  const search = typed ? { keyword: typed } : {};
  const found = await fetchApplications({ page: 1, size: CHOICES_SIZE, search }, signal);
  return found.items.map(applicationChoice);
}

export const applicationChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...applicationsKey, 'choices', keyword.trim()],
    queryFn: ({ signal }) => fetchApplicationChoices(keyword, signal),
  });

/** GET /admin-service/v2/application/{id}. */
export async function fetchApplication(applicationId: string, signal?: AbortSignal): Promise<Application> {
  return api.get<Application>(`/admin-service/v2/application/${encodeURIComponent(applicationId)}`, {
    signal,
    // An unknown appId is an answer the screen shows in place, not a failure to toast.
    silent: true,
  });
}

export const applicationQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...applicationsKey, 'detail', applicationId],
    queryFn: ({ signal }) => fetchApplication(applicationId, signal),
  });

export function useApplication(applicationId: string | undefined) {
  return useQuery({
    ...applicationQueryOptions(applicationId ?? ''),
    enabled: applicationId !== undefined,
  });
}
