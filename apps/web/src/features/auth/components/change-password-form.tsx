import { Button, Form, Input } from 'antd';
import { MESSAGES, MIN_PASSWORD_LENGTH } from '@gatehouse/contract';
import { isApiError } from '@/lib/http';
import { useChangePassword } from '../api/change-password';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * Current, new and confirmed password. The rules mirror the contract's schema so most
 * mistakes show before a round trip; the server's field messages land on the same fields.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
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
            errors: [message],
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
        label="Current password"
        name="oldPassword"
        rules={[{ required: true, message: MESSAGES.required }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="New password"
        name="newPassword"
        extra={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: MESSAGES.required },
          { min: MIN_PASSWORD_LENGTH, message: MESSAGES.passwordTooShort },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              value && value === getFieldValue('oldPassword')
                ? Promise.reject(new Error(MESSAGES.passwordSameAsOld))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: MESSAGES.required },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(MESSAGES.passwordsDoNotMatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        Change password
      </Button>
    </Form>
  );
}
