import { MAX_PAGE_SIZE, type NamedRef, type Page, type Role } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, identityKey } from './keys';

/** A role as a picker names it: "Auditor (auditor)". */
export const roleChoice = (role: Pick<Role, 'roleId' | 'name' | 'code'>): Choice => ({
  value: role.roleId,
  label: `${role.name} (${role.code})`,
});

/** A role the server named in a membership, as the same choice. */
export const namedRoleChoice = (ref: NamedRef): Choice => ({
  value: ref.id,
  label: `${ref.name} (${ref.code})`,
});

/**
 * A role as a picker that hands roles out (to a user, to a group) offers it: disabled when
 * the server says the caller may not hand it out (`assignable`).
 */
export const assignableRoleChoice = (role: Role): Choice => ({
  ...roleChoice(role),
  ...(role.assignable === false ? { disabled: true } : {}),
});

/** GET /admin-service/v2/role, the first page matching `keyword`: the choices of a roles picker. */
export async function fetchRoleChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  return (await fetchRoles(choiceParams(keyword), signal)).map(roleChoice);
}

async function fetchRoles(params: Record<string, unknown>, signal?: AbortSignal): Promise<Role[]> {
  return (await api.get<Page<Role>>('/admin-service/v2/role', { params, signal })).content;
}

export const roleChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'roles', 'choices', keyword],
    queryFn: ({ signal }) => fetchRoleChoices(keyword, signal),
  });

/** The same search, each role disabled that the caller may not hand out (`assignableRoleChoice`). */
export const assignableRoleChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'roles', 'choices', 'assignable', keyword],
    queryFn: async ({ signal }) =>
      (await fetchRoles(choiceParams(keyword), signal)).map(assignableRoleChoice),
  });

/**
 * The first MAX_PAGE_SIZE roles: the names of the roles a record holds by key only (a page
 * element's `roleIds`). A role beyond them shows its key.
 */
export const roleNamesQueryOptions = () =>
  queryOptions({
    queryKey: [...identityKey, 'roles', 'names'],
    queryFn: async ({ signal }) =>
      (await fetchRoles({ page: 0, size: MAX_PAGE_SIZE }, signal)).map(roleChoice),
  });
