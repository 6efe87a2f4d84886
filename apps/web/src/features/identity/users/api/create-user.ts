import type { CreatedUser, CreateUser } from '@gatehouse/contract';
import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** POST /admin-service/v2/user: without a password the answer carries a generated one, once. */
export function createUser(body: CreateUser): Promise<CreatedUser> {
  return api.post<CreatedUser>('/admin-service/v2/user', body);
}

// A user placed in an organization changes its member count too.
export const useCreateUser = () => useRefreshingMutation(createUser, identityKey);
