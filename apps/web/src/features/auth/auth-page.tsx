import { SSO_CONSUMER_PATH } from '@gatehouse/contract';
import { Button, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { PATHS } from '@/lib/paths';
import { AuthCard } from './components/auth-card';
import { useLoginMessages } from './login-messages';

// The identity providers' buttons load apart, after the page has drawn.
const ProviderButtons = lazy(() =>
  import('./components/provider-buttons').then((m) => ({ default: m.ProviderButtons })),
);

/**
 * /auth: single sign-on entry. With the SSO login type the loader has already left the app
 * for the default SAML provider; otherwise the ways to sign in: single sign-on, each
 * identity provider's button, and the password.
 */
export function AuthPage() {
  const data = useLoaderData() as { sso?: boolean } | undefined;
  const t = useLoginMessages();
  const [params] = useSearchParams();
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
      <Suspense fallback={null}>
        <ProviderButtons target={{ redirect: params.get('redirect') }} />
      </Suspense>
      <div style={{ marginTop: 12 }}>
        <Link to={PATHS.login}>{t('withPassword')}</Link>
      </div>
    </AuthCard>
  );
}
