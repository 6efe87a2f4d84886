import { Button } from 'antd';
import { useState } from 'react';
import { isApiError, type Shown } from '@/lib/http';
import { loginErrorText } from '../login-errors';
import { usePasskeyMessages } from './messages';
import { passkeysSupported } from './webauthn';

export type PasskeyButtonProps = {
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
export function PasskeyButton({ disabled, onUse, onError }: PasskeyButtonProps) {
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
