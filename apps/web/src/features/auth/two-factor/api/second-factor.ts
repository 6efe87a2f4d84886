import type { LoginResult, SecondFactorLogin } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

/** POST /oauth2-server/login/second-factor: the password step's challenge and a code give the session. */
export async function secondFactorLogin(input: SecondFactorLogin): Promise<LoginResult['result']> {
  const body = await api.post<LoginResult>('/oauth2-server/login/second-factor', input, {
    authRedirect: false,
    silent: true,
  });
  return body.result;
}

export function useSecondFactorLogin() {
  return useMutation({ mutationFn: secondFactorLogin });
}
