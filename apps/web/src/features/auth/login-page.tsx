import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type LoginRequest, type LoginResult, MESSAGES, needsSecondFactor } from '@gatehouse/contract';
import { Localized } from '@/components/localized';
import { isApiError } from '@/lib/http';
import { PATHS, pendingPasswordPath, safeRedirect } from '@/lib/paths';
import { localizeMessage } from '@/lib/server-messages';
import { saveSession } from '@/lib/session';
import { useLogin } from './api/login';
import { AuthCard } from './components/auth-card';
import { useLoginMessages } from './login-messages';
import { SecondFactorStep } from './two-factor/second-factor-step';
import { SessionExpiredAlert } from './components/session-expired-alert';

/** What the sign-in page says for a failed attempt; the server's wording when it has one. */
export function loginErrorText(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.unknownError;
  if (error.status === 401) return error.serverMessage ?? MESSAGES.invalidCredentials;
  if (error.status === 429) return error.serverMessage ?? MESSAGES.tooManyAttempts;
  return error.serverMessage && error.kind === 'http' && error.status !== undefined && error.status < 500
    ? error.serverMessage
    : error.message;
}

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const tLogin = useLoginMessages();
  const [form] = Form.useForm<LoginRequest>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);

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
        form.setFields(
          Object.entries(e.fields).map(([name, message]) => ({
            name: name as keyof LoginRequest,
            errors: [message],
          })),
        );
        return;
      }
      setError(loginErrorText(e));
    }
  };

  if (challenge)
    return <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} />;

  return (
    <AuthCard title={t('signIn')}>
      <Form<LoginRequest>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        disabled={loginMutation.isPending}
      >
        {!error && <SessionExpiredAlert />}
        {error && (
          <Alert
            type="error"
            showIcon
            title={localizeMessage(error, i18n.language)}
            role="alert"
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          label={t('username')}
          name="username"
          rules={[{ required: true, whitespace: true, message: <Localized text={MESSAGES.required} /> }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('password')}
          name="password"
          rules={[{ required: true, message: <Localized text={MESSAGES.required} /> }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          {t('signIn')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Link to={PATHS.forget}>{tLogin('forgotPassword')}</Link>
      </div>
    </AuthCard>
  );
}
