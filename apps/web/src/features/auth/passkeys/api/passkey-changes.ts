import type {
  AuthenticationResponse,
  Passkey,
  PasskeyOptions,
  PasskeyProof,
  RegistrationResponse,
} from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { askAuthenticator, createCredential } from '../webauthn';
import { PASSKEYS_KEY } from './passkey-list';

const BASE = '/oauth2-server/passkeys';

/**
 * The own-account changes of passkeys; each refreshes the list. Errors show on the form. A
 * registration and a passkey proof are ceremonies: the server's options, the authenticator's
 * answer, then the call that checks it (the browser's cookie ties the two calls together).
 * All are silent: the dialogs say what went wrong.
 */
export async function registerPasskey(name: string): Promise<Passkey> {
  const { options } = await api.post<PasskeyOptions>(`${BASE}/registration/options`, undefined, {
    silent: true,
  });
  const response: RegistrationResponse = await createCredential(options);
  return api.post<Passkey>(BASE, { name, response }, { silent: true });
}

export const renamePasskey = ({ passkeyId, name }: { passkeyId: string; name: string }) =>
  api.put<Passkey>(`${BASE}/${encodeURIComponent(passkeyId)}`, { name }, { silent: true });

/** A passkey's answer to a proof ceremony, for removing a passkey without the password. */
export async function passkeyProof(): Promise<AuthenticationResponse> {
  const { options } = await api.post<PasskeyOptions>(`${BASE}/proof/options`, undefined, { silent: true });
  return askAuthenticator(options);
}

export const removePasskey = ({ passkeyId, proof }: { passkeyId: string; proof: PasskeyProof }) =>
  api.post<{ ok: true }>(`${BASE}/${encodeURIComponent(passkeyId)}/remove`, proof, { silent: true });

function usePasskeyMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export const useRegisterPasskey = () => usePasskeyMutation(registerPasskey);
export const useRenamePasskey = () => usePasskeyMutation(renamePasskey);
export const useRemovePasskey = () => usePasskeyMutation(removePasskey);
