import { queryOptions } from '@tanstack/react-query';
import { type Application, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams } from './identity-key';

/** An application as a picker names it: "Portal (portal)". */
export const applicationChoice = (app: Pick<Application, 'applicationId' | 'name'>): Choice => ({
  value: app.applicationId,
  label: `${app.name} (${app.applicationId})`,
});

/** GET /admin-service/v2/application, the first page matching `keyword`: the choices of an application picker. */
export async function fetchApplicationChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  const page = await api.get<Page<Application>>('/admin-service/v2/application', {
    params: choiceParams(keyword, { sort: DEFAULT_SORT }),
    signal,
  });
  return page.content.map(applicationChoice);
}

export const applicationChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    // Under the console's application key, so creating an application refreshes the choices.
    queryKey: ['applications', 'identity-choices', keyword],
    queryFn: ({ signal }) => fetchApplicationChoices(keyword, signal),
  });
