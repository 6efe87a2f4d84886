import { Link } from 'react-router';
import { PATHS } from '@/lib/paths';
import { AuthCard } from './components/auth-card';

/** Applications sign their users in through the server's OpenID Connect endpoints, not this page. */
export function OAuthPage() {
  return (
    <AuthCard title="OAuth">
      <p>
        Applications sign users in through Gatehouse&apos;s OpenID Connect endpoints. There is nothing to do
        on this page; to manage OAuth clients, sign in to the console and open App Client.
      </p>
      <Link to={PATHS.login}>Sign in to the console</Link>
    </AuthCard>
  );
}
