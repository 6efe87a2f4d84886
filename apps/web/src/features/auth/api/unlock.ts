import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

/**
 * Checks the signed-in user's password to leave the inactivity lock. A wrong one is a 400
 * with the message on the `password` field, which the lock screen shows; it is not a toast.
 */
export async function unlock(body: { password: string }): Promise<void> {
  await api.post<{ ok: true }>('/oauth2-server/unlock', body);
}

export function useUnlock() {
  return useMutation({ mutationFn: unlock });
}
