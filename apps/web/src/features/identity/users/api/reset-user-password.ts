import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';

export type ResetPasswordResult = { initialPassword?: string };

/**
 * PUT /admin-service/v2/user/{id}/password: the given password, or without one a generated
 * password the answer carries once. The user must choose a new one at the next sign-in, and
 * their sessions end.
 */
export function resetUserPassword({
  userId,
  password,
}: {
  userId: string;
  password?: string;
}): Promise<ResetPasswordResult> {
  return api.put<ResetPasswordResult>(
    `/admin-service/v2/user/${encodeURIComponent(userId)}/password`,
    password === undefined ? {} : { password },
  );
}

// Nothing a list shows changes, so there is nothing to refresh.
export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });
