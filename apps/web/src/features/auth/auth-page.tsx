import { Button, Spin } from 'antd';
import { Link, useLoaderData } from 'react-router';
import { SSO_CONSUMER_PATH } from '@gatehouse/contract';
import { PATHS } from '@/lib/paths';
import { AuthCard } from './components/auth-card';

/** /auth: single sign-on entry. With the SSO login type the loader has already left the app. */
export function AuthPage() {
  const data = useLoaderData() as { sso?: boolean } | undefined;
  if (data?.sso) {
    return (
      <AuthCard title="Single sign-on">
        <Spin description="Redirecting to single sign-on…">
          <div style={{ height: 48 }} />
        </Spin>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in">
      <p>Choose how to sign in.</p>
      <Button block href={SSO_CONSUMER_PATH}>
        Sign in with single sign-on
      </Button>
      <div style={{ marginTop: 12 }}>
        <Link to={PATHS.login}>Sign in with a username and password</Link>
      </div>
    </AuthCard>
  );
}
