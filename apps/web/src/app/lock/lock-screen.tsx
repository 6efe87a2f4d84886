import { LockOutlined } from '@ant-design/icons';
import { PRODUCT_NAME } from '@gatehouse/contract';
import { Button, theme } from 'antd';
import { useState } from 'react';
import { PasswordInput } from '@/components/antd-parts';
import { Avatar } from '@/components/avatar';
import { Notice } from '@/components/notice';
import { Field, usePlainForm } from '@/components/plain-form';
import { useUnlock } from '@/features/auth/api/unlock';
import { isApiError, type Shown } from '@/lib/http';
import { defineMessages, useSay } from '@/lib/i18n';

const useT = defineMessages(
  'lock',
  {
    title: 'The console is locked',
    text: 'It locked after a time without activity. Enter your password to continue where you left off.',
    password: 'Password',
    unlock: 'Unlock',
    signOut: 'Sign out instead',
    tooMany: 'Too many attempts. Try again later.',
  },
  {
    title: '控制台已锁定',
    text: '由于一段时间没有操作，控制台已锁定。请输入密码，从离开的地方继续。',
    password: '密码',
    unlock: '解锁',
    signOut: '改为退出登录',
    tooMany: '尝试次数过多，请稍后再试。',
  },
);

type LockScreenProps = {
  name: string;
  avatar?: string | null;
  onUnlocked: () => void;
  onSignOut: () => void;
};

/**
 * Covers the console while `Is-Lockscreen` is set. It is an overlay, not a page: the screens
 * under it stay mounted, so an open form keeps its input. The password is checked by the
 * server, which throttles wrong guesses.
 */
export function LockScreen({ name, avatar, onUnlocked, onSignOut }: LockScreenProps) {
  const t = useT();
  const { token } = theme.useToken();
  const form = usePlainForm({ password: '' });
  const unlock = useUnlock();
  const [error, setError] = useState<Shown | null>(null);
  const say = useSay();

  const submit = async ({ password }: { password: string }) => {
    setError(null);
    try {
      await unlock.mutateAsync({ password });
      onUnlocked();
    } catch (e) {
      form.set('password', '');
      if (isApiError(e) && e.status === 429) setError(e.serverMessage ?? t('tooMany'));
      else if (isApiError(e) && e.fields?.password) setError(e.fields.password);
      else if (isApiError(e) && e.kind !== 'cancelled') setError(e.shown);
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="lock-title"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: 'rgba(0, 21, 41, 0.88)',
        backdropFilter: 'blur(6px)',
      }}
    >
      <section
        style={{
          width: '100%',
          maxWidth: 380,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          textAlign: 'center',
        }}
      >
        <Avatar size={64} src={avatar} />
        <h1 id="lock-title" style={{ fontSize: token.fontSizeHeading4, margin: '12px 0 4px' }}>
          {t('title')}
        </h1>
        <p style={{ color: token.colorTextSecondary, marginBottom: 4 }}>
          {name} · {PRODUCT_NAME}
        </p>
        <p style={{ color: token.colorTextSecondary }}>{t('text')}</p>
        <form onSubmit={form.submit(submit)} noValidate>
          {error && <Notice type="error" showIcon title={say(error)} style={{ marginBottom: 16 }} />}
          <Field label={t('password')} {...form.field('password')}>
            <PasswordInput
              {...form.bind('password')}
              prefix={<LockOutlined />}
              autoComplete="current-password"
              autoFocus
              disabled={unlock.isPending}
            />
          </Field>
          <Button type="primary" htmlType="submit" block loading={unlock.isPending}>
            {t('unlock')}
          </Button>
        </form>
        <Button type="link" onClick={onSignOut} style={{ marginTop: 8 }}>
          {t('signOut')}
        </Button>
      </section>
    </div>
  );
}
