import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorProof } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { TWO_FACTOR_KEY } from './two-factor-status';

/** The own-account changes of two-factor sign-in; each refreshes the status. Errors show on the form. */
export const startEnrolment = () => api.post<TwoFactorEnrolment>('/oauth2-server/two-factor/enrolment');
export const confirmEnrolment = (code: string) =>
  api.post<RecoveryCodes>('/oauth2-server/two-factor/enrolment/confirm', { code }, { silent: true });
export const disableTwoFactor = (proof: TwoFactorProof) =>
  api.post<{ ok: true }>('/oauth2-server/two-factor/disable', proof, { silent: true });
export const newRecoveryCodes = (proof: TwoFactorProof) =>
  api.post<RecoveryCodes>('/oauth2-server/two-factor/recovery-codes', proof, { silent: true });

function useTwoFactorMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
  });
}

export const useStartEnrolment = () => useTwoFactorMutation(startEnrolment);
export const useConfirmEnrolment = () => useTwoFactorMutation(confirmEnrolment);
export const useDisableTwoFactor = () => useTwoFactorMutation(disableTwoFactor);
export const useNewRecoveryCodes = () => useTwoFactorMutation(newRecoveryCodes);
