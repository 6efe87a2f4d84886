import { Card, List } from 'antd';
import { Link } from 'react-router';
import { AUTH_PATHS } from '@/features/auth/paths';
import { useAccountMessages } from './messages';
import { ACCOUNT_PATHS } from './paths';

/** Account Setting: the way to the security page and the profile. */
export function AccountSettingPage() {
  const t = useAccountMessages();
  const sections = [
    { path: AUTH_PATHS.accountSecurity, title: t('securityTitle'), description: t('securityDescription') },
    { path: ACCOUNT_PATHS.profile, title: t('profileTitle'), description: t('profileDescription') },
  ];
  return (
    <Card title={t('settingTitle')}>
      <List
        dataSource={sections}
        renderItem={(section) => (
          <List.Item>
            <List.Item.Meta
              title={<Link to={section.path}>{section.title}</Link>}
              description={section.description}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
