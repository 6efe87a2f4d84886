import { Avatar, Card, Descriptions, Skeleton, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useCurrentUser } from './api/current-user';

export function ProfilePage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <Card title="Profile">
      {isPending && !user ? (
        <Skeleton active />
      ) : user ? (
        <>
          <Avatar size={64} src={user.avatar ?? undefined} icon={<UserOutlined />} alt="" />
          <Descriptions column={1} style={{ marginTop: 16 }} bordered size="small">
            <Descriptions.Item label="Name">{user.name || '--'}</Descriptions.Item>
            <Descriptions.Item label="Username">{user.username}</Descriptions.Item>
            <Descriptions.Item label="Role">{user.role.name || '--'}</Descriptions.Item>
            <Descriptions.Item label="Roles">
              {user.roles.length ? user.roles.map((r) => <Tag key={r}>{r}</Tag>) : '--'}
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Card>
  );
}
