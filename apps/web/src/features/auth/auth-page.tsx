import { SSO_CONSUMER_PATH } from '@gatehouse/contract';
import { Button, Spin } from 'antd';
import { Link, useLoaderData } from 'react-router';
import { PATHS } from '@/lib/paths';
import { AuthCard } from './components/auth-card';
import { useLoginMessages } from './login-messages';

/** /auth: single sign-on entry. With the SSO login type the loader has already left the app. */
export function AuthPage() {
  const data = useLoaderData() as { sso?: boolean } | undefined;
  const t = useLoginMessages();
  if (data?.sso) {
    return (
      <AuthCard title={t('singleSignOn')}>
        <Spin description={t('redirecting')}>
          <div style={{ height: 48 }} />
        </Spin>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signIn')}>
      <p>{t('chooseHow')}</p>
      <Button block href={SSO_CONSUMER_PATH}>
        {t('withSso')}
      </Button>
      <div style={{ marginTop: 12 }}>
        <Link to={PATHS.login}>{t('withPassword')}</Link>
      </div>
    </AuthCard>
  );
}
