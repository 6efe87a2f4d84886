import { queryOptions } from '@tanstack/react-query';
import { type Application, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';

/** GET /admin-service/v2/application, the first 20 matching `keyword`: the application picker's choices. */
export async function fetchApplicationChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  const page = await api.get<Page<Application>>('/admin-service/v2/application', {
    params: { page: 0, size: 20, sort: DEFAULT_SORT, ...(keyword ? { keyword } : {}) },
    signal,
  });
  return page.content.map((a) => ({ value: a.applicationId, label: `${a.name} (${a.applicationId})` }));
}

export const applicationChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['applications', 'choices', keyword],
    queryFn: ({ signal }) => fetchApplicationChoices(keyword, signal),
  });
