import {
  allNavMenus,
  DEFAULT_SORT,
  MAX_PAGE_SIZE,
  type Page,
  type Permission,
  PLATFORM_APP_ID,
  permissionIdForPath,
} from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { CHOICES_SIZE, choiceParams, identityKey, permissionsKey } from './keys';

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

/**
 * A permission as a picker of record keys names it: the same text, but its `resourceId` is
 * the value, as an access-control entry's target and an API's `permissionIds` name it.
 */
export const permissionRecordChoice = (
  permission: Pick<Permission, 'resourceId' | 'id' | 'name'>,
): Choice => ({
  value: permission.resourceId,
  label: `${permission.name} (${permission.id})`,
});

/** Which permissions a record-key picker offers: any, or only those that can protect an HTTP API. */
export type PermissionKind = 'ANY' | 'API';

/** GET /admin-service/permission/getPermissionList for `applicationId`, record keys as values. */
async function fetchPermissionRecords(
  applicationId: string,
  kind: PermissionKind,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Choice[]> {
  const page = await api.get<Page<Permission>>('/admin-service/permission/getPermissionList', {
    params: {
      ...params,
      applicationId,
      sort: DEFAULT_SORT,
      ...(kind === 'API' ? { resourceType: ['API'] } : {}),
    },
    signal,
  });
  return page.content.map(permissionRecordChoice);
}

/** The first page of `applicationId`'s permissions matching `keyword`, by record key. */
export function fetchPermissionRecordChoices(
  applicationId: string,
  kind: PermissionKind,
  keyword: string,
  signal?: AbortSignal,
): Promise<Choice[]> {
  return fetchPermissionRecords(applicationId, kind, choiceParams(keyword), signal);
}

export const permissionRecordChoicesQueryOptions = (
  applicationId: string,
  kind: PermissionKind,
  keyword: string,
) =>
  queryOptions({
    // Under the App Permission screen's key, so a permission created or renamed there refreshes them.
    queryKey: [...permissionsKey, 'choices', applicationId, kind, keyword],
    queryFn: ({ signal }) => fetchPermissionRecordChoices(applicationId, kind, keyword, signal),
  });

/**
 * The first MAX_PAGE_SIZE permissions of `applicationId`, by record key: the names of the
 * ones a record holds by key only (an API's `permissionIds`). One beyond them shows its key.
 */
export const permissionRecordNamesQueryOptions = (applicationId: string, kind: PermissionKind) =>
  queryOptions({
    queryKey: [...permissionsKey, 'names', applicationId, kind],
    queryFn: ({ signal }) =>
      fetchPermissionRecords(applicationId, kind, { page: 0, size: MAX_PAGE_SIZE }, signal),
  });
