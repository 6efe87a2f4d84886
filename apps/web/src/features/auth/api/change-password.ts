import type { ChangePasswordRequest } from '@gatehouse/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export async function changePassword(body: ChangePasswordRequest): Promise<void> {
  await api.post<{ ok: true }>('/oauth2-server/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
