import { DEFAULT_SORT, ENABLED_STATUSES, type Page, type Resource } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, resourcesKey } from './keys';

/** A resource as a picker names it: "Orders (orders)"; its `resourceId` is what an entry names. */
export const resourceChoice = (resource: Pick<Resource, 'resourceId' | 'name' | 'id'>): Choice => ({
  value: resource.resourceId,
  label: `${resource.name} (${resource.id})`,
});

/**
 * GET /admin-service/resources, the first page of `applicationId`'s resources matching
 * `keyword`: the choices of a resource picker. Without a search the server lists only the
 * roots, so the picker searches by either status, which lists the nodes of every level.
 */
export async function fetchResourceChoices(
  applicationId: string,
  keyword: string,
  signal?: AbortSignal,
): Promise<Choice[]> {
  const page = await api.get<Page<Resource>>('/admin-service/resources', {
    params: choiceParams(keyword, { applicationId, status: [...ENABLED_STATUSES], sort: DEFAULT_SORT }),
    signal,
  });
  return page.content.map(resourceChoice);
}

export const resourceChoicesQueryOptions = (applicationId: string, keyword: string) =>
  queryOptions({
    // Under the App Resource screen's key, so a resource created or renamed there refreshes the choices.
    queryKey: [...resourcesKey, 'choices', applicationId, keyword],
    queryFn: ({ signal }) => fetchResourceChoices(applicationId, keyword, signal),
  });
