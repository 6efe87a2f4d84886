import type { Organization, Page } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, identityKey } from './keys';

/** An organization as a picker names it: its path from the root, "Acme / Sales / EMEA". */
export const organizationChoice = (org: Pick<Organization, 'organizationId' | 'path'>): Choice => ({
  value: org.organizationId,
  label: org.path,
});

/**
 * GET /admin-service/v2/organization, the first page matching `keyword` at any depth (the top
 * level while nothing is typed): the choices of an organization picker.
 */
export async function fetchOrganizationChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  const page = await api.get<Page<Organization>>('/admin-service/v2/organization', {
    params: choiceParams(keyword),
    signal,
  });
  return page.content.map(organizationChoice);
}

export const organizationChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'organizations', 'choices', keyword],
    queryFn: ({ signal }) => fetchOrganizationChoices(keyword, signal),
  });
