import { Link } from 'react-router';
import { PATHS } from '@/lib/paths';
import { AuthCard } from './components/auth-card';

export function OverduePage() {
  return (
    <AuthCard title="Your password has expired">
      <p>Your password is older than the policy allows. Choose a new one to keep using Gatehouse.</p>
      <Link to={PATHS.resetPassword}>Reset password</Link>
    </AuthCard>
  );
}
