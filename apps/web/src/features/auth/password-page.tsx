import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Notice } from '@/components/notice';
import { useToast } from '@/components/use-toast';
import { PATHS, toLogin } from '@/lib/paths';
import { getToken } from '@/lib/session';
import { AuthCard } from './components/auth-card';
import { ChangePasswordForm } from './components/change-password-form';
import { ResetPasswordForm } from './components/reset-password-form';
import { useFinishPasswordChange } from './hooks/use-finish-password-change';
import { usePasswordMessages } from './messages';
import { AUTH_PATHS } from './paths';

/**
 * /reset-password and /initial-password: one page, titled after the route. The reset sets
 * the password from the emailed link's `token`; the initial one replaces a generated or
 * administrator-set password right after sign-in, and the console keeps the user here until
 * it is done.
 */
export function PasswordPage() {
  const t = usePasswordMessages();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const finish = useFinishPasswordChange();

  if (pathname === AUTH_PATHS.resetPassword) {
    const token = params.get('token');
    return (
      <AuthCard title={t('resetTitle')}>
        {token ? (
          <ResetPasswordForm
            token={token}
            onReset={() => {
              navigate(PATHS.login, { replace: true });
              toast.success(t('passwordReset'));
            }}
          />
        ) : (
          <>
            <p>{t('noToken')}</p>
            <Link to={AUTH_PATHS.forget}>{t('askNewLink')}</Link>
          </>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('initialTitle')}>
      {getToken() ? (
        <>
          <Notice type="info" showIcon title={t('initialIntro')} style={{ marginBottom: 16 }} />
          <ChangePasswordForm onChanged={finish} />
        </>
      ) : (
        <>
          <p>{t('signInFirst')}</p>
          <Link to={toLogin({ redirect: pathname })}>{t('signIn')}</Link>
        </>
      )}
    </AuthCard>
  );
}
