import { Link } from 'react-router';
import { Notice } from '@/components/notice';
import { PATHS, toLogin } from '@/lib/paths';
import { getToken } from '@/lib/session';
import { AuthCard } from './components/auth-card';
import { ChangePasswordForm } from './components/change-password-form';
import { useFinishPasswordChange } from './hooks/use-finish-password-change';
import { usePasswordMessages } from './messages';

/**
 * /overdue: the password is older than the policy's maximum age. The server answers every
 * other call with PASSWORD_EXPIRED until it is changed, and the console keeps the user here.
 */
export function OverduePage() {
  const t = usePasswordMessages();
  const finish = useFinishPasswordChange();
  return (
    <AuthCard title={t('overdueTitle')}>
      {getToken() ? (
        <>
          <Notice type="warning" showIcon title={t('overdueIntro')} style={{ marginBottom: 16 }} />
          <ChangePasswordForm onChanged={finish} />
        </>
      ) : (
        <>
          <p>{t('signInFirst')}</p>
          <Link to={toLogin({ redirect: PATHS.overdue })}>{t('signIn')}</Link>
        </>
      )}
    </AuthCard>
  );
}
