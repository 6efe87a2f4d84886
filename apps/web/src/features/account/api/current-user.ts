import type { UserInfo } from '@gatehouse/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { getCurrentUser, getToken, saveCurrentUser } from '@/lib/session';

/** GET /admin-service/user/current (spec §7: not cached). Keeps Current-User up to date. */
export async function fetchCurrentUser(): Promise<UserInfo> {
  const user = await api.get<UserInfo>('/admin-service/user/current');
  // An answer that arrives after sign-out must not bring the signed-out user back.
  if (getToken()) saveCurrentUser(user);
  return user;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['current-user'],
    queryFn: fetchCurrentUser,
    staleTime: 0,
    // The user kept at sign-in, as old as can be, so it is asked for again at once. An answer
    // that says the same is merged into it and changes nothing: the console, whose access
    // checks read the role's permissions, is not drawn again when it comes.
    initialData: () => getCurrentUser() ?? undefined,
    initialDataUpdatedAt: 0,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
