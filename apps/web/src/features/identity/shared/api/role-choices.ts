import { queryOptions } from '@tanstack/react-query';
import type { NamedRef, Page, Role } from '@gatehouse/contract';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, identityKey } from './identity-key';

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

/** GET /admin-service/v2/role, the first page matching `keyword`: the choices of a roles picker. */
export async function fetchRoleChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  const page = await api.get<Page<Role>>('/admin-service/v2/role', { params: choiceParams(keyword), signal });
  return page.content.map(roleChoice);
}

export const roleChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'roles', 'choices', keyword],
    queryFn: ({ signal }) => fetchRoleChoices(keyword, signal),
  });
