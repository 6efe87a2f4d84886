import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResult } from '@gatehouse/contract';
import { api } from '@/lib/http';

/**
 * POST /oauth2-server/login with credentials. Its 401 means wrong credentials rather
 * than a lost session, and the login page reports every failure itself.
 */
export async function login(credentials: LoginRequest): Promise<LoginResult['result']> {
  const body = await api.post<LoginResult>('/oauth2-server/login', credentials, {
    authRedirect: false,
    silent: true,
  });
  return body.result;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
