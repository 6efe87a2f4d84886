import { DEFAULT_SORT, type Page, type Role } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { identityKey } from '@/api/keys';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every role query starts with this key. */
export const rolesKey = [...identityKey, 'roles'] as const;

/** GET /admin-service/v2/role: 0-based page, newest first; the envelope stays here. */
export async function fetchRoles(
  { page, size, search, sort }: ListQuery,
  signal?: AbortSignal,
): Promise<RowsPage<Role>> {
  const body = await api.get<Page<Role>>('/admin-service/v2/role', {
    params: { ...search, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const rolesQueryOptions = (params: ListQuery) =>
  queryOptions({
    queryKey: [...rolesKey, 'list', params],
    queryFn: ({ signal }) => fetchRoles(params, signal),
    placeholderData: keepPreviousData,
  });
