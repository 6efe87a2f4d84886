import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '@/components/notice';
import { isApiError, type Shown } from '@/lib/http';
import { say, useSay } from '@/lib/i18n';
import { useResetPassword } from '../api/password-reset';
import { usePasswordMessages } from '../messages';
import { AUTH_PATHS } from '../paths';
import { NewPasswordFields } from './new-password-fields';

type Values = { newPassword: string; confirmPassword: string };

/** The new password for a reset link's token. A used, expired or unknown link says so above the form. */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const t = usePasswordMessages();
  const [form] = Form.useForm<Values>();
  const mutation = useResetPassword();
  const [linkError, setLinkError] = useState<Shown | null>(null);
  const sayNow = useSay();

  const submit = async ({ newPassword }: Values) => {
    setLinkError(null);
    try {
      await mutation.mutateAsync({ token, newPassword });
      onReset();
    } catch (error) {
      if (!isApiError(error) || !error.fields) return;
      if (error.fields.token) setLinkError(error.fields.token);
      if (error.fields.newPassword)
        form.setFields([{ name: 'newPassword', errors: [say(error.fields.newPassword)] }]);
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
      {linkError && (
        <Notice
          type="error"
          showIcon
          title={sayNow(linkError)}
          description={<Link to={AUTH_PATHS.forget}>{t('askNewLink')}</Link>}
          style={{ marginBottom: 16 }}
        />
      )}
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
        {t('setPassword')}
      </Button>
    </Form>
  );
}
