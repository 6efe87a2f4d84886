import { DEFAULT_SORT, type Group, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { identityKey } from '@/api/keys';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every group query starts with this key. */
export const groupsKey = [...identityKey, 'groups'] as const;

/** GET /admin-service/v2/group: 0-based page, newest first; the envelope stays here. */
export async function fetchGroups(
  { page, size, search, sort }: ListQuery,
  signal?: AbortSignal,
): Promise<RowsPage<Group>> {
  const body = await api.get<Page<Group>>('/admin-service/v2/group', {
    params: { ...search, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const groupsQueryOptions = (params: ListQuery) =>
  queryOptions({
    queryKey: [...groupsKey, 'list', params],
    queryFn: ({ signal }) => fetchGroups(params, signal),
    placeholderData: keepPreviousData,
  });
