import { changePasswordRequestSchema } from '@gatehouse/contract';
import { Button, Form, Input } from 'antd';
import { fieldRules } from '@/components/schema-rule';
import { isApiError } from '@/lib/http';
import { say } from '@/lib/i18n';
import { useChangePassword } from '../api/change-password';
import { usePasswordMessages } from '../messages';
import { NewPasswordFields } from './new-password-fields';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * Current, new and confirmed password: the own change, the initial password and the overdue
 * one. The server's field messages (policy, history, wrong current password) land on the
 * same fields.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const t = usePasswordMessages();
  const [form] = Form.useForm<Values>();
  const mutation = useChangePassword();

  const submit = async ({ oldPassword, newPassword }: Values) => {
    try {
      await mutation.mutateAsync({ oldPassword, newPassword });
      onChanged();
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
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      disabled={mutation.isPending}
    >
      <Form.Item
        label={t('currentPassword')}
        name="oldPassword"
        rules={fieldRules(changePasswordRequestSchema, 'oldPassword')}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields oldField="oldPassword" />
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('changePassword')}
      </Button>
    </Form>
  );
}
