import type { ServerMenuItem } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';

/** GET /oauth2-server/authorization/menus: the signed-in user's categories, menus and elements. */
export async function fetchAuthorizationMenus(): Promise<ServerMenuItem[]> {
  return api.get<ServerMenuItem[]>('/oauth2-server/authorization/menus');
}

export const authorizationMenusQueryOptions = () =>
  queryOptions({
    queryKey: ['authorization-menus'],
    queryFn: fetchAuthorizationMenus,
    // Spec §7: not cached. A role change shows on the next visit to the shell.
    staleTime: 0,
  });
