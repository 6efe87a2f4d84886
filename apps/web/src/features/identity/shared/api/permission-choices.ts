import { queryOptions } from '@tanstack/react-query';
import {
  allNavMenus,
  DEFAULT_SORT,
  type Page,
  type Permission,
  PLATFORM_APP_ID,
  permissionIdForPath,
} from '@gatehouse/contract';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { CHOICES_SIZE, choiceParams, identityKey } from './identity-key';

/**
 * The platform's permissions are the console's areas, known to the contract: the dotted id
 * of each navigation path, e.g. `app-config.client`, named by its title.
 */
export const PLATFORM_PERMISSIONS: readonly Choice[] = (() => {
  const byId = new Map<string, Choice>();
  for (const menu of allNavMenus()) {
    const id = permissionIdForPath(menu.path);
    // A screen that repeats another (the -V2 routes) shares its permission, named by the first.
    if (!byId.has(id)) byId.set(id, { value: id, label: `${menu.title} (${id})` });
  }
  return [...byId.values()];
})();

/** The platform permissions whose name or id contains `keyword`, in any case. */
export function platformPermissionChoices(keyword: string): Choice[] {
  const needle = keyword.trim().toLowerCase();
  return PLATFORM_PERMISSIONS.filter((p) => p.label.toLowerCase().includes(needle)).slice(0, CHOICES_SIZE);
}

/** A permission as a picker names it; its `id` is what a grant names. */
export const permissionChoice = (permission: Pick<Permission, 'id' | 'name'>): Choice => ({
  value: permission.id,
  label: `${permission.name} (${permission.id})`,
});

/**
 * The permissions of `applicationId` matching `keyword`: the console's areas for the
 * platform, else the first page of GET /admin-service/permission/getPermissionList.
 */
export async function fetchPermissionChoices(
  applicationId: string,
  keyword: string,
  signal?: AbortSignal,
): Promise<Choice[]> {
  if (applicationId === PLATFORM_APP_ID) return platformPermissionChoices(keyword);
  const page = await api.get<Page<Permission>>('/admin-service/permission/getPermissionList', {
    params: choiceParams(keyword, { applicationId, sort: DEFAULT_SORT }),
    signal,
  });
  return page.content.map(permissionChoice);
}

export const permissionChoicesQueryOptions = (applicationId: string, keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'permissions', 'choices', applicationId, keyword],
    queryFn: ({ signal }) => fetchPermissionChoices(applicationId, keyword, signal),
  });
