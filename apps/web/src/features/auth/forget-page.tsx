import { Link } from 'react-router';
import { PATHS } from '@/lib/paths';
import { AuthCard } from './components/auth-card';

/** There is no self-service reset yet: an administrator resets the password. */
export function ForgetPage() {
  return (
    <AuthCard title="Forgot your password?">
      <p>
        Passwords are reset by an administrator. Contact your Gatehouse administrator; they can set a
        temporary password, which you replace the next time you sign in.
      </p>
      <Link to={PATHS.login}>Back to sign in</Link>
    </AuthCard>
  );
}
