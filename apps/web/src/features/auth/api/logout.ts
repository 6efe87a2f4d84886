import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

/** Ends the session on the server. Signing out locally must not depend on it succeeding. */
export async function logout(): Promise<void> {
  await api.post<{ ok: true }>('/oauth2-server/logout', undefined, { silent: true, authRedirect: false });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
