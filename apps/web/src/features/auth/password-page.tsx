import { Alert } from 'antd';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@gatehouse/contract';
import { PATHS, toLogin } from '@/lib/paths';
import { getToken } from '@/lib/session';
import { ChangePasswordForm } from './components/change-password-form';
import { AuthCard } from './components/auth-card';
import { useFinishPasswordChange } from './hooks/use-finish-password-change';

/** /initial-password and /reset-password: one page, titled after the route. */
export function PasswordPage() {
  const { pathname } = useLocation();
  const initial = pathname === PATHS.initialPassword;
  const finish = useFinishPasswordChange();
  const title = initial ? 'Set a new password' : 'Reset password';

  if (!getToken()) {
    return (
      <AuthCard title={title}>
        <p>
          Changing a password needs the current one. Sign in first; an administrator can reset a password you
          no longer know.
        </p>
        <Link to={toLogin({ redirect: pathname })}>Sign in</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title}>
      {initial && (
        <Alert type="info" showIcon title={MESSAGES.passwordChangeRequired} style={{ marginBottom: 16 }} />
      )}
      <ChangePasswordForm onChanged={finish} />
    </AuthCard>
  );
}
