import { api } from '@/lib/http';
import { useRefreshingMutation } from '@/lib/query-client';
import { usersKey } from './list-users';

/**
 * DELETE /admin-service/v2/user/{id}/sessions/{sessionId} ends one session of the user;
 * without a `sessionId`, DELETE /admin-service/v2/user/{id}/sessions ends them all.
 */
export function endUserSessions({
  userId,
  sessionId,
}: {
  userId: string;
  sessionId?: string;
}): Promise<void> {
  const base = `/admin-service/v2/user/${encodeURIComponent(userId)}/sessions`;
  return api.delete<void>(sessionId === undefined ? base : `${base}/${encodeURIComponent(sessionId)}`);
}

export const useEndUserSessions = () => useRefreshingMutation(endUserSessions, usersKey);
