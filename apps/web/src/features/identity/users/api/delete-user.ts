import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/**
 * DELETE /admin-service/v2/user/{id}, with the user's sessions and memberships. The server
 * refuses (409, with its reason) to delete oneself or the last administrator.
 */
export function deleteUser(userId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/user/${encodeURIComponent(userId)}`);
}

// The user leaves their groups and organization, whose member counts change.
export const useDeleteUser = () => useRefreshingMutation(deleteUser, identityKey);
