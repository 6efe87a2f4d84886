import type { LoginResult, PasskeyOptions } from '@gatehouse/contract';
import { api } from '@/lib/http';
import { askAuthenticator } from '../webauthn';

const quiet = { silent: true, authRedirect: false } as const;

/**
 * A passkey sign-in's first half: the server's options (only `username`'s passkeys when one is
 * given, else any this site knows) and the authenticator's answer to them.
 */
export async function passkeyAssertion(username?: string) {
  const { options } = await api.post<PasskeyOptions>(
    '/oauth2-server/login/passkey/options',
    username ? { username } : {},
    quiet,
  );
  return askAuthenticator(options);
}

/** POST /oauth2-server/login/passkey: the session a passkey's answer gives (both factors at once). */
export async function passkeySignIn(username?: string): Promise<LoginResult['result']> {
  const response = await passkeyAssertion(username);
  const body = await api.post<LoginResult>('/oauth2-server/login/passkey', { response }, quiet);
  return body.result;
}
