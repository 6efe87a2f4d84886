import { type LoginRequest, type LoginResult, MESSAGES, needsSecondFactor } from '@gatehouse/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordInput, TextInput } from '@/components/antd-parts';
import { Notice } from '@/components/notice';
import { Field, usePlainForm } from '@/components/plain-form';
import { isApiError, type Shown } from '@/lib/http';
import { useSay } from '@/lib/i18n';
import { pendingPasswordPath, safeRedirect } from '@/lib/paths';
import { saveSession } from '@/lib/session';
import { useLogin } from './api/login';
import { AuthCard } from './components/auth-card';
import { SessionExpiredAlert } from './components/session-expired-alert';
import { useLoginMessages } from './login-messages';
import { AUTH_PATHS } from './paths';
import { SecondFactorStep } from './two-factor/second-factor-step';

/** What the sign-in page says for a failed attempt; the server's wording when it has one. */
export function loginErrorText(error: unknown): Shown {
  if (!isApiError(error)) return MESSAGES.unknownError;
  if (error.status === 401) return error.serverMessage ?? MESSAGES.invalidCredentials;
  if (error.status === 429) return error.serverMessage ?? MESSAGES.tooManyAttempts;
  return error.serverMessage && error.kind === 'http' && error.status !== undefined && error.status < 500
    ? error.serverMessage
    : error.shown;
}

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
    navigate(pendingPasswordPath(userInfo) ?? safeRedirect(params.get('redirect')), {
      replace: true,
    });
  };

  const submit = async (values: LoginRequest) => {
    setError(null);
    try {
      const answer = await loginMutation.mutateAsync(values);
      if (needsSecondFactor(answer)) setChallenge(answer.result.challenge);
      else signedIn(answer.result);
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
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Link to={AUTH_PATHS.forget}>{tLogin('forgotPassword')}</Link>
      </div>
    </AuthCard>
  );
}
