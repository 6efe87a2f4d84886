import { Card, List } from 'antd';
import { Link } from 'react-router';
import { ACCOUNT_ROUTES } from '@gatehouse/contract';
import { PATHS } from '@/lib/paths';

const SECTIONS = [
  { path: PATHS.accountSecurity, description: 'Change your password.' },
  { path: PATHS.profile, description: 'Your name, account and roles.' },
];

function titleOf(path: string): string {
  return ACCOUNT_ROUTES.find((r) => r.path === path)?.title ?? path;
}

export function AccountSettingPage() {
  return (
    <Card title="Account Setting">
      <List
        dataSource={SECTIONS}
        renderItem={(section) => (
          <List.Item>
            <List.Item.Meta
              title={<Link to={section.path}>{titleOf(section.path)}</Link>}
              description={section.description}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
