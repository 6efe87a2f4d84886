import { TWO_FACTOR_MESSAGES } from '@gatehouse/contract';
import { Link, useNavigate } from 'react-router';
import { Notice } from '@/components/notice';
import { useSay } from '@/lib/i18n';
import { PATHS, toLogin } from '@/lib/paths';
import { getCurrentUser, getToken, saveCurrentUser } from '@/lib/session';
import { AuthCard } from './components/auth-card';
import { useTwoFactorMessages } from './two-factor/messages';
import { TwoFactorSection } from './two-factor/two-factor-section';

/**
 * /two-factor-setup: a role the user holds requires two-factor sign-in, which they have not
 * set up. The server answers every other call with TWO_FACTOR_ENROLMENT_REQUIRED until they
 * do, and the console keeps them here; once the recovery codes are saved, on to the console.
 */
export function TwoFactorSetupPage() {
  const t = useTwoFactorMessages();
  const say = useSay();
  const navigate = useNavigate();
  const done = () => {
    const user = getCurrentUser();
    if (user) saveCurrentUser({ ...user, twoFactorEnrolmentRequired: false });
    navigate(PATHS.dashboard, { replace: true });
  };
  return (
    <AuthCard title={t('setupTitle')}>
      {getToken() ? (
        <>
          <Notice
            type="warning"
            showIcon
            title={say(TWO_FACTOR_MESSAGES.enrolmentRequired)}
            style={{ marginBottom: 16 }}
          />
          <TwoFactorSection onCodesSaved={done} />
        </>
      ) : (
        <>
          <p>{t('setupSignInFirst')}</p>
          <Link to={toLogin({ redirect: PATHS.twoFactorSetup })}>{t('signIn')}</Link>
        </>
      )}
    </AuthCard>
  );
}
