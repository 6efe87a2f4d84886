import { api } from '@/lib/http';

/**
 * Ends the session on the server. Signing out locally must not depend on it succeeding. The
 * console clears its session first and names the token it held.
 */
export async function logout(token?: string): Promise<void> {
  await api.post<{ ok: true }>('/oauth2-server/logout', undefined, {
    silent: true,
    authRedirect: false,
    headers: token ? { Authorization: `Bearer ${token}` } : undefined,
  });
}
