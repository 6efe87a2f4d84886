import { type Client, DEFAULT_SORT, MAX_PAGE_SIZE, type Page } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { RowsPage } from '@/components/list-screen/list-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, clientsKey } from './keys';

/** A client as a picker names it: "Billing backend (client_id)"; its `acId` is what an entry names. */
export const clientChoice = (client: Pick<Client, 'acId' | 'clientName' | 'client'>): Choice => ({
  value: client.acId,
  label: `${client.clientName} (${client.client})`,
});

/**
 * GET /admin-service/v2/application/client, the first page of `applicationId`'s clients
 * matching `keyword`: the choices of a client picker.
 */
export async function fetchClientChoices(
  applicationId: string,
  keyword: string,
  signal?: AbortSignal,
): Promise<Choice[]> {
  const page = await api.get<Page<Client>>('/admin-service/v2/application/client', {
    params: choiceParams(keyword, { applicationId, sort: DEFAULT_SORT }),
    signal,
  });
  return page.content.map(clientChoice);
}

export const clientChoicesQueryOptions = (applicationId: string, keyword: string) =>
  queryOptions({
    // Under the App Client screen's key, so a client created or renamed there refreshes the choices.
    queryKey: [...clientsKey, 'choices', applicationId, keyword],
    queryFn: ({ signal }) => fetchClientChoices(applicationId, keyword, signal),
  });

/** GET /admin-service/v2/application/client/{acId}: one client, to name a choice made before. */
export async function fetchClientChoice(acId: string, signal?: AbortSignal): Promise<Choice> {
  const client = await api.get<Client>(`/admin-service/v2/application/client/${encodeURIComponent(acId)}`, {
    signal,
  });
  return clientChoice(client);
}

export const clientChoiceQueryOptions = (acId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'choice', acId],
    queryFn: ({ signal }) => fetchClientChoice(acId, signal),
  });

/** GET /admin-service/v2/application/client?applicationId=…: an application's clients, newest first. */
export const applicationClientsQueryOptions = (applicationId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'of-application', applicationId],
    queryFn: async ({ signal }): Promise<RowsPage<Client>> => {
      const body = await api.get<Page<Client>>('/admin-service/v2/application/client', {
        params: { applicationId, sort: DEFAULT_SORT, page: 0, size: MAX_PAGE_SIZE },
        signal,
      });
      return { items: body.content, total: body.totalElements };
    },
  });
