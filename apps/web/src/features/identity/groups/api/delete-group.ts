import { identityKey } from '@/api/keys';
import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';

/** DELETE /admin-service/v2/group/{id}: the server refuses (409, saying why) while it has members. */
export function deleteGroup(groupId: string): Promise<void> {
  return api.delete<void>(`/admin-service/v2/group/${encodeURIComponent(groupId)}`);
}

export const useDeleteGroup = () => useRefreshingMutation(deleteGroup, identityKey);
