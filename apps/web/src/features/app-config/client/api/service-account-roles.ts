import type { UserMembership } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

const path = (userId: string) => `/admin-service/v2/user/${encodeURIComponent(userId)}`;

/** GET /admin-service/v2/user/{id}/membership: the roles the service account's user holds. */
export function fetchServiceAccountRoles(userId: string, signal?: AbortSignal): Promise<UserMembership> {
  return api.get<UserMembership>(`${path(userId)}/membership`, { signal });
}

export const serviceAccountRolesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...clientsKey, 'service-account', 'roles', userId],
    queryFn: ({ signal }) => fetchServiceAccountRoles(userId, signal),
  });

export function useServiceAccountRoles(userId: string | null | undefined) {
  return useQuery({ ...serviceAccountRolesQueryOptions(userId ?? ''), enabled: !!userId });
}

/** PUT /admin-service/v2/user/{id}/roles: the roles a service account holds, as for any user. */
export function setServiceAccountRoles({
  userId,
  roleIds,
}: {
  userId: string;
  roleIds: string[];
}): Promise<UserMembership> {
  return api.put<UserMembership>(`${path(userId)}/roles`, { roleIds });
}

export const useSetServiceAccountRoles = () => useRefreshingMutation(setServiceAccountRoles, clientsKey);
