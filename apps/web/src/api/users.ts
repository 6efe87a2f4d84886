import type { Page, User } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, identityKey } from './keys';

/** A user as a picker names them: "Alice Smith (alice)". */
export const userChoice = (user: Pick<User, 'userId' | 'name' | 'username'>): Choice => ({
  value: user.userId,
  label: `${user.name} (${user.username})`,
});

/** A user as a members picker offers them: disabled when the caller may not change the account (`manageable`). */
export const manageableUserChoice = (user: User): Choice => ({
  ...userChoice(user),
  ...(user.manageable === false ? { disabled: true } : {}),
});

async function fetchUsers(keyword: string, signal?: AbortSignal): Promise<User[]> {
  return (await api.get<Page<User>>('/admin-service/v2/user', { params: choiceParams(keyword), signal }))
    .content;
}

/** GET /admin-service/v2/user, the first page matching `keyword`: the choices of a users picker. */
export async function fetchUserChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  return (await fetchUsers(keyword, signal)).map(userChoice);
}

export const userChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'users', 'choices', keyword],
    queryFn: ({ signal }) => fetchUserChoices(keyword, signal),
  });

/** The same search for a members picker, each user disabled whom the caller may not change (`manageableUserChoice`). */
export const manageableUserChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'users', 'choices', 'manageable', keyword],
    queryFn: async ({ signal }) => (await fetchUsers(keyword, signal)).map(manageableUserChoice),
  });
