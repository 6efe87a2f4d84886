import { UserOutlined } from '@ant-design/icons';
import { updateProfileSchema } from '@gatehouse/contract';
import { Avatar, Button, Card, Form, Input, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { isApiError } from '@/lib/http';
import { say } from '@/lib/i18n';
import { useCurrentUser } from './api/current-user';
import { useProfile, useUpdateProfile } from './api/profile';
import { useAccountMessages } from './messages';

type Values = { name: string; email: string; avatar?: string };

/** Whether the avatar preview can show the URL typed so far; the contract's rule checks it on save. */
const HTTP_URL = /^https?:\/\/\S+$/i;

/** Profile: the signed-in user edits their own name, email address and avatar URL. */
export function ProfilePage() {
  const t = useAccountMessages();
  const toast = useToast();
  const [form] = Form.useForm<Values>();
  const { data: profile, isPending } = useProfile();
  const { data: user } = useCurrentUser();
  const update = useUpdateProfile();
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    if (profile)
      form.setFieldsValue({ name: profile.name, email: profile.email ?? '', avatar: profile.avatar ?? '' });
  }, [profile, form]);

  const submit = async (values: Values) => {
    try {
      await update.mutateAsync({ name: values.name, email: values.email, avatar: values.avatar ?? '' });
      toast.success(t('saved'));
    } catch (error) {
      if (isApiError(error) && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof Values,
            errors: [say(message)],
          })),
        );
      }
    }
  };

  return (
    <Card title={t('profileTitle')}>
      {isPending && !profile ? (
        <Skeleton active />
      ) : (
        <Space align="start" size="large" wrap>
          <Avatar
            size={64}
            src={avatar && HTTP_URL.test(avatar) ? avatar : undefined}
            icon={<UserOutlined />}
            alt=""
          />
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={submit}
            requiredMark={false}
            disabled={update.isPending}
            style={{ width: 420, maxWidth: '100%' }}
          >
            <Form.Item label={t('username')}>
              <Input value={profile?.username} disabled />
            </Form.Item>
            <Form.Item label={t('name')} name="name" rules={fieldRules(updateProfileSchema, 'name')}>
              <Input autoComplete="name" />
            </Form.Item>
            <Form.Item label={t('email')} name="email" rules={fieldRules(updateProfileSchema, 'email')}>
              <Input autoComplete="email" />
            </Form.Item>
            <Form.Item
              label={t('avatar')}
              name="avatar"
              extra={t('avatarHelp')}
              rules={fieldRules(updateProfileSchema, 'avatar')}
            >
              <Input inputMode="url" />
            </Form.Item>
            {user && user.roles.length > 0 && (
              <Form.Item label={t('roles')}>
                {user.roles.map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={update.isPending}>
              {t('save')}
            </Button>
          </Form>
        </Space>
      )}
    </Card>
  );
}
