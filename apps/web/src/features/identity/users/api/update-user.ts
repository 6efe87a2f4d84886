import type { UpdateUser, User } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** PUT /admin-service/v2/user: name, contact details, avatar and organization, by `userId`. */
export function updateUser(body: UpdateUser): Promise<User> {
  return api.put<User>('/admin-service/v2/user', body);
}

// Moving the user to another organization changes two member counts.
export const useUpdateUser = () => useRefreshingMutation(updateUser, identityKey);
