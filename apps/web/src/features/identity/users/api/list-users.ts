import { DEFAULT_SORT, MAX_PAGE_SIZE, type Page, type User } from '@gatehouse/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { identityKey } from '@/api/keys';
import type { ListQuery, RowsPage } from '@/components/list-screen/list-query';
import { api } from '@/lib/http';

/** Every user query starts with this key. */
export const usersKey = [...identityKey, 'users'] as const;

/** A users list, optionally narrowed to one group's or organization's members. */
export type UserListParams = ListQuery & { groupId?: string; organizationId?: string };

/** GET /admin-service/v2/user: 0-based page, newest first; the envelope stays here. */
export async function fetchUsers(
  { page, size, search, sort, ...within }: UserListParams,
  signal?: AbortSignal,
): Promise<RowsPage<User>> {
  const body = await api.get<Page<User>>('/admin-service/v2/user', {
    params: { ...search, ...within, sort: sort ?? DEFAULT_SORT, page: page - 1, size },
    signal,
  });
  return { items: body.content, total: body.totalElements };
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...usersKey, 'list', params],
    queryFn: ({ signal }) => fetchUsers(params, signal),
    // The table keeps the last page while the next one loads rather than flashing empty.
    placeholderData: keepPreviousData,
  });

/** The members of one group or organization. */
export type MembersOf = { groupId: string } | { organizationId: string };

/**
 * Every member of a group or organization, page after page: the members are replaced as a
 * whole list (PUT …/members), so adding or removing one needs all of them.
 */
export async function fetchAllMembers(within: MembersOf, signal?: AbortSignal): Promise<User[]> {
  const rows: User[] = [];
  for (let page = 0; ; page++) {
    const body = await api.get<Page<User>>('/admin-service/v2/user', {
      params: { ...within, sort: DEFAULT_SORT, page, size: MAX_PAGE_SIZE },
      signal,
    });
    rows.push(...body.content);
    if (body.content.length === 0 || rows.length >= body.totalElements) return rows;
  }
}

export const membersQueryOptions = (within: MembersOf) =>
  queryOptions({
    queryKey: [...usersKey, 'members', within],
    queryFn: ({ signal }) => fetchAllMembers(within, signal),
  });
