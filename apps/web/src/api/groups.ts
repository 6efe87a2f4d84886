import type { Group, NamedRef, Page } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, identityKey } from './keys';

/** A group as a picker names it: "Finance (finance)". */
export const groupChoice = (group: Pick<Group, 'groupId' | 'name' | 'code'>): Choice => ({
  value: group.groupId,
  label: `${group.name} (${group.code})`,
});

export const namedGroupChoice = (ref: NamedRef): Choice => ({
  value: ref.id,
  label: `${ref.name} (${ref.code})`,
});

/** A group as a user's groups picker offers it: disabled when the caller may not add members (`assignable`). */
export const assignableGroupChoice = (group: Group): Choice => ({
  ...groupChoice(group),
  ...(group.assignable === false ? { disabled: true } : {}),
});

async function fetchGroups(keyword: string, signal?: AbortSignal): Promise<Group[]> {
  return (await api.get<Page<Group>>('/admin-service/v2/group', { params: choiceParams(keyword), signal }))
    .content;
}

/** GET /admin-service/v2/group, the first page matching `keyword`: the choices of a groups picker. */
export async function fetchGroupChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  return (await fetchGroups(keyword, signal)).map(groupChoice);
}

export const groupChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'groups', 'choices', keyword],
    queryFn: ({ signal }) => fetchGroupChoices(keyword, signal),
  });

/** The same search, each group disabled that the caller may not add a member to (`assignableGroupChoice`). */
export const assignableGroupChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'groups', 'choices', 'assignable', keyword],
    queryFn: async ({ signal }) => (await fetchGroups(keyword, signal)).map(assignableGroupChoice),
  });
