import type { ForgetPasswordResult, PasswordResetRequest } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

/** POST /oauth2-server/forget-password: the same answer whether or not an account matched. */
export async function requestResetLink(account: string): Promise<ForgetPasswordResult> {
  return api.post<ForgetPasswordResult>('/oauth2-server/forget-password', { account });
}

export function useRequestResetLink() {
  return useMutation({ mutationFn: requestResetLink });
}

/** POST /oauth2-server/reset-password: the link's token and the new password; field errors on the form. */
export async function resetPassword(body: PasswordResetRequest): Promise<void> {
  await api.post<{ ok: true }>('/oauth2-server/reset-password', body, { authRedirect: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
