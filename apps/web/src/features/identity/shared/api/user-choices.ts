import { queryOptions } from '@tanstack/react-query';
import type { Page, User } from '@gatehouse/contract';
import type { Choice } from '@/components/remote-select';
import { api } from '@/lib/http';
import { choiceParams, identityKey } from './identity-key';

/** A user as a picker names them: "Alice Smith (alice)". */
export const userChoice = (user: Pick<User, 'userId' | 'name' | 'username'>): Choice => ({
  value: user.userId,
  label: `${user.name} (${user.username})`,
});

/** GET /admin-service/v2/user, the first page matching `keyword`: the choices of a members picker. */
export async function fetchUserChoices(keyword: string, signal?: AbortSignal): Promise<Choice[]> {
  const page = await api.get<Page<User>>('/admin-service/v2/user', { params: choiceParams(keyword), signal });
  return page.content.map(userChoice);
}

export const userChoicesQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: [...identityKey, 'users', 'choices', keyword],
    queryFn: ({ signal }) => fetchUserChoices(keyword, signal),
  });
