import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SORT, type Page, type Permission } from '@gatehouse/contract';
import type { SearchValues } from '@/components/search-bar';
import { api } from '@/lib/http';

/** Every permission query starts with this key, so a change can refresh them all at once. */
export const permissionsKey = ['app-config', 'permissions'] as const;

export type PermissionListParams = {
  appId: string;
  /** 1-based, as the pager shows it. */
  page: number;
  size: number;
  search: SearchValues;
};

/** The list as the screen reads it; the server's `content/totalElements` envelope stays here. */
export type PermissionList = { items: Permission[]; total: number };

/** The server counts pages from 0 and sorts newest first. */
export function permissionListQuery({ appId, page, size, search }: PermissionListParams) {
  return { ...search, applicationId: appId, sort: DEFAULT_SORT, page: page - 1, size };
}

/** GET /admin-service/permission/getPermissionList. */
export async function fetchPermissions(
  params: PermissionListParams,
  signal?: AbortSignal,
): Promise<PermissionList> {
  const body = await api.get<Page<Permission>>('/admin-service/permission/getPermissionList', {
    params: permissionListQuery(params),
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const permissionsQueryOptions = (params: PermissionListParams) =>
  queryOptions({
    queryKey: [...permissionsKey, 'list', params],
    queryFn: ({ signal }) => fetchPermissions(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });

export function usePermissions(params: PermissionListParams) {
  return useQuery(permissionsQueryOptions(params));
}
