import { FEDERATION_ERROR_PARAM, FEDERATION_HANDOFF_PARAM, type LoginAnswer } from '@gatehouse/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Shown } from '@/lib/http';
import { exchangeHandoff } from '../api/federation';
import { FEDERATION_PROVIDER_PARAM, federationError } from '../federation-errors';
import { useFederationMessages } from '../federation-messages';
import { loginErrorText } from '../login-errors';
import { ProviderButtons } from './provider-buttons';

export type LoginFederationProps = {
  disabled: boolean;
  onAnswer: (answer: LoginAnswer) => void;
  onError: (shown: Shown) => void;
};

/**
 * The identity providers on /login, loaded apart from the page after it has drawn: a button
 * for each, and the way back from one. A handoff (`?sso=`) is exchanged once for a session or
 * a second factor to ask for; a failure's message (`?sso_error=`) is shown when it is one of
 * the federation messages. Both leave the URL once spent, so a reload does not try them again.
 */
export default function LoginFederation({ disabled, onAnswer, onError }: LoginFederationProps) {
  const t = useFederationMessages();
  const [params, setParams] = useSearchParams();
  const handoff = params.get(FEDERATION_HANDOFF_PARAM);
  const errorKey = params.get(FEDERATION_ERROR_PARAM);
  // A handoff is good once: the second run of a strict-mode effect must not spend it again.
  const done = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new handoff or error only; the callbacks are the page's and new every render
  useEffect(() => {
    if (handoff === null && errorKey === null) return;
    const key = `${handoff}|${errorKey}`;
    if (done.current === key) return;
    done.current = key;
    const spent = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(FEDERATION_HANDOFF_PARAM);
          next.delete(FEDERATION_ERROR_PARAM);
          next.delete(FEDERATION_PROVIDER_PARAM);
          return next;
        },
        { replace: true },
      );
    const message = federationError(errorKey, params.get(FEDERATION_PROVIDER_PARAM) || t('yourProvider'));
    if (!handoff) {
      spent();
      if (message) onError(message);
      return;
    }
    exchangeHandoff(handoff).then(
      (answer) => {
        spent();
        onAnswer(answer);
      },
      (error: unknown) => {
        spent();
        onError(loginErrorText(error));
      },
    );
  }, [handoff, errorKey]);

  if (handoff) return <div role="status">{t('signingIn')}</div>;
  return <ProviderButtons target={{ redirect: params.get('redirect') }} disabled={disabled} />;
}
