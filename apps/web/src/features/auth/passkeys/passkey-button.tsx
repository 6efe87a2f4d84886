import type { AuthenticationResponse, LoginResult } from '@gatehouse/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { isApiError, type Shown } from '@/lib/http';
import { loginErrorText } from '../login-errors';
import { passkeyAssertion, passkeySignIn } from './api/passkey-sign-in';
import { usePasskeyMessages } from './messages';
import { passkeysSupported } from './webauthn';

type PasskeyButtonProps = {
  disabled?: boolean;
  /** Runs the ceremony and what follows it (the session, the interaction's next step). */
  onUse: () => Promise<void>;
  onError: (shown: Shown) => void;
};

/**
 * "Sign in with a passkey" on /login and /oauth, where the browser can use one. An
 * authenticator that gives no answer (the user cancelled, a timeout) says so; the server's
 * refusals read as the password's do.
 */
function PasskeyButton({ disabled, onUse, onError }: PasskeyButtonProps) {
  const t = usePasskeyMessages();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const use = async () => {
    setBusy(true);
    try {
      await onUse();
    } catch (error) {
      onError(isApiError(error) ? loginErrorText(error) : t('cancelled'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button block disabled={disabled} loading={busy} onClick={use} style={{ marginTop: 8 }}>
      {t('signIn')}
    </Button>
  );
}

type SignInProps = {
  disabled?: boolean;
  /** The username typed so far: given, only that account's passkeys are offered and accepted. */
  username: () => string | undefined;
  onError: (shown: Shown) => void;
};

/** /login's passkey button: a session for the account the passkey proves. */
export function LoginPasskey({
  onSignedIn,
  username,
  ...props
}: SignInProps & { onSignedIn: (result: LoginResult['result']) => void }) {
  return (
    <PasskeyButton {...props} onUse={async () => onSignedIn(await passkeySignIn(username() || undefined))} />
  );
}

/** /oauth's passkey button: the authenticator's answer, which the interaction's login takes. */
export function InteractionPasskey({
  onAnswer,
  username,
  ...props
}: SignInProps & { onAnswer: (passkey: AuthenticationResponse) => Promise<unknown> }) {
  return (
    <PasskeyButton
      {...props}
      onUse={async () => {
        await onAnswer(await passkeyAssertion(username() || undefined));
      }}
    />
  );
}
