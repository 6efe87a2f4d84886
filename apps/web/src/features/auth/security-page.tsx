import { useQueryClient } from '@tanstack/react-query';
import { Card, Space } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '@/lib/paths';
import { clearSession } from '@/lib/session';
import { ChangePasswordForm } from './components/change-password-form';
import { LinkedIdentitiesCard } from './components/linked-identities-card';
import { OwnSessionsCard } from './components/own-sessions-card';
import { PersonalAccessTokensCard } from './components/personal-access-tokens-card';
import { useFinishPasswordChange } from './hooks/use-finish-password-change';
import { usePasswordMessages } from './messages';
import { PasskeysSection } from './passkeys/passkeys-section';
import { TwoFactorSection } from './two-factor/two-factor-section';

/**
 * Account Security Setting: one card per section, top to bottom. The two-factor sign-in
 * section is one more card in this list (its own component, from the TOTP work).
 */
export function SecurityPage() {
  const t = usePasswordMessages();
  const finish = useFinishPasswordChange();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = () => {
    clearSession();
    queryClient.clear();
    navigate(PATHS.login, { replace: true });
  };
  return (
    <Card title={t('securityTitle')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card type="inner" title={t('passwordSection')} style={{ maxWidth: 520 }}>
          <ChangePasswordForm onChanged={finish} />
        </Card>
        <OwnSessionsCard onSignedOut={signedOut} />
        <TwoFactorSection />
        <PasskeysSection />
        <LinkedIdentitiesCard />
        <PersonalAccessTokensCard />
      </Space>
    </Card>
  );
}
