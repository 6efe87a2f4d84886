import {
  FEDERATION_HANDOFF_PARAM,
  type LoginAnswer,
  type LoginRequest,
  type LoginResult,
  needsSecondFactor,
} from '@gatehouse/contract';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordInput, TextInput } from '@/components/antd-parts';
import { Notice } from '@/components/notice';
import { Field, usePlainForm } from '@/components/plain-form';
import { isApiError, type Shown } from '@/lib/http';
import { useSay } from '@/lib/i18n';
import { pendingStepPath, safeRedirect } from '@/lib/paths';
import { saveSession } from '@/lib/session';
import { useLogin } from './api/login';
import { AuthCard } from './components/auth-card';
import { SessionExpiredAlert } from './components/session-expired-alert';
import { loginErrorText } from './login-errors';
import { useLoginMessages } from './login-messages';
import { AUTH_PATHS } from './paths';
import { SecondFactorStep } from './two-factor/second-factor-step';

// The passkey button, its texts and the browser's WebAuthn library load apart too.
const LoginPasskey = lazy(() =>
  import('./passkeys/passkey-button').then((m) => ({ default: m.LoginPasskey })),
);
// The identity providers' buttons and the way back from one load apart, after the page has
// drawn: the password form waits for nothing, and the page's own code stays small.
const LoginFederation = lazy(() => import('./components/login-federation'));

export function LoginPage() {
  const { t } = useTranslation();
  const say = useSay();
  const tLogin = useLoginMessages();
  const form = usePlainForm({ username: '', password: '' } as LoginRequest, { trim: ['username'] });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [error, setError] = useState<Shown | null>(null);

  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = ({ token, userInfo }: LoginResult['result']) => {
    if (!token) throw new Error('The sign-in answer carried no token');
    saveSession(token, userInfo);
    navigate(pendingStepPath(userInfo) ?? safeRedirect(params.get('redirect')), {
      replace: true,
    });
  };

  const answered = (answer: LoginAnswer) => {
    if (needsSecondFactor(answer)) setChallenge(answer.result.challenge);
    else signedIn(answer.result);
  };

  const submit = async (values: LoginRequest) => {
    setError(null);
    try {
      answered(await loginMutation.mutateAsync(values));
    } catch (e) {
      if (isApiError(e) && e.status === 400 && e.fields) {
        for (const [name, message] of Object.entries(e.fields))
          if (name === 'username' || name === 'password') form.fail(name, say(message));
        return;
      }
      setError(loginErrorText(e));
    }
  };

  if (challenge)
    return <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />;

  const federation = (
    <Suspense fallback={null}>
      <LoginFederation disabled={loginMutation.isPending} onAnswer={answered} onError={setError} />
    </Suspense>
  );
  // Back from an identity provider: its handoff is exchanged before the form shows.
  if (params.has(FEDERATION_HANDOFF_PARAM)) return <AuthCard title={t('signIn')}>{federation}</AuthCard>;

  return (
    <AuthCard title={t('signIn')}>
      <form onSubmit={form.submit(submit)} noValidate>
        {!error && <SessionExpiredAlert />}
        {error && <Notice type="error" showIcon title={say(error)} style={{ marginBottom: 16 }} />}
        <Field label={t('username')} {...form.field('username')}>
          <TextInput
            {...form.bind('username')}
            autoComplete="username"
            autoFocus
            disabled={loginMutation.isPending}
          />
        </Field>
        <Field label={t('password')} {...form.field('password')}>
          <PasswordInput
            {...form.bind('password')}
            autoComplete="current-password"
            disabled={loginMutation.isPending}
          />
        </Field>
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          {t('signIn')}
        </Button>
      </form>
      <Suspense fallback={null}>
        <LoginPasskey
          disabled={loginMutation.isPending}
          onError={setError}
          // A username typed first limits the sign-in to that account's passkeys.
          username={() => form.values.username}
          onSignedIn={(result) => {
            setError(null);
            signedIn(result);
          }}
        />
      </Suspense>
      {federation}
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Link to={AUTH_PATHS.forget}>{tLogin('forgotPassword')}</Link>
      </div>
    </AuthCard>
  );
}
