import type { OwnSession } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';

const KEY = ['own-sessions'] as const;

/** GET /admin-service/user/sessions: the signed-in user's live sessions, this one marked. */
export async function fetchOwnSessions(): Promise<OwnSession[]> {
  return api.get<OwnSession[]>('/admin-service/user/sessions');
}

export const ownSessionsQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: fetchOwnSessions });

export function useOwnSessions() {
  return useQuery(ownSessionsQueryOptions());
}

/** DELETE /admin-service/user/sessions/:sessionId; `current` says the caller signed itself out. */
export async function endOwnSession(sessionId: string): Promise<{ current: boolean }> {
  return api.delete<{ current: boolean }>(`/admin-service/user/sessions/${encodeURIComponent(sessionId)}`);
}

export function useEndOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOwnSession,
    onSuccess: (result) => {
      if (!result.current) void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}
