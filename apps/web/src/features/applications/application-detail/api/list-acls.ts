import { type Acl, DEFAULT_SORT, type Page } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every access-control entry query starts with this key. */
export const aclsKey = ['application-detail', 'acls'] as const;

/** GET /admin-service/v2/application/acl: an application's access-control entries. */
export async function fetchAcls(
  { appId, page, size, search, sort }: ListQuery & { appId: string },
  signal?: AbortSignal,
): Promise<RowsPage<Acl>> {
  const body = await api.get<Page<Acl>>('/admin-service/v2/application/acl', {
    params: { ...search, applicationId: appId, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const aclsQueryOptions = (params: ListQuery & { appId: string }) =>
  queryOptions({
    queryKey: [...aclsKey, 'list', params],
    queryFn: ({ signal }) => fetchAcls(params, signal),
    placeholderData: keepPreviousData,
  });
