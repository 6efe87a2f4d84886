import { type LoginResult, MESSAGES } from '@gatehouse/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { TextInput } from '@/components/antd-parts';
import { Notice } from '@/components/notice';
import { Field, usePlainForm } from '@/components/plain-form';
import { isApiError, type Shown } from '@/lib/http';
import { useSay } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { useSecondFactorLogin } from './api/second-factor';
import { useTwoFactorMessages } from './messages';

export type SecondFactorStepProps = {
  /** From the password step's answer. */
  challenge: string;
  onSignedIn: (result: LoginResult['result']) => void;
  /** Back to the username and password. */
  onBack: () => void;
};

/** The sign-in's second step: a TOTP code or a recovery code for the password step's challenge. */
export function SecondFactorStep({ challenge, onSignedIn, onBack }: SecondFactorStepProps) {
  const t = useTwoFactorMessages();
  const verify = useSecondFactorLogin();
  const [error, setError] = useState<Shown | null>(null);
  const say = useSay();
  const form = usePlainForm({ code: '' }, { trim: ['code'] });

  const submit = async ({ code }: { code: string }) => {
    setError(null);
    try {
      onSignedIn(await verify.mutateAsync({ challenge, code }));
    } catch (e) {
      setError(isApiError(e) ? (e.serverMessage ?? e.shown) : MESSAGES.unknownError);
    }
  };

  return (
    <AuthCard title={t('stepTitle')}>
      <form onSubmit={form.submit(submit)} noValidate>
        <p style={{ marginTop: 0 }}>{t('stepIntro')}</p>
        {error && <Notice type="error" showIcon title={say(error)} style={{ marginBottom: 16 }} />}
        <Field label={t('codeOrRecovery')} {...form.field('code')}>
          <TextInput
            {...form.bind('code')}
            autoComplete="one-time-code"
            autoFocus
            inputMode="text"
            maxLength={64}
            disabled={verify.isPending}
          />
        </Field>
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          {t('verify')}
        </Button>
      </form>
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Button type="link" onClick={onBack} style={{ padding: 0 }}>
          {t('back')}
        </Button>
      </div>
    </AuthCard>
  );
}
