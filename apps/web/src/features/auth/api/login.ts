import type { LoginAnswer, LoginRequest } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

/**
 * POST /oauth2-server/login with credentials. Its 401 means wrong credentials rather
 * than a lost session, and the login page reports every failure itself. The answer is a
 * session, or for a user with two-factor sign-in a challenge for the code (`needsSecondFactor`).
 */
export async function login(credentials: LoginRequest): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/oauth2-server/login', credentials, {
    authRedirect: false,
    silent: true,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
