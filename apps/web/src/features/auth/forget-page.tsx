import { forgetPasswordRequestSchema } from '@gatehouse/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '@/components/notice';
import { fieldRules } from '@/components/schema-rule';
import { isApiError } from '@/lib/http';
import { say } from '@/lib/i18n';
import { PATHS } from '@/lib/paths';
import { useRequestResetLink } from './api/password-reset';
import { AuthCard } from './components/auth-card';
import { usePasswordMessages } from './messages';

type Values = { account: string };

/** /forget: asks for a username or email; the answer is the same whether or not one matched. */
export function ForgetPage() {
  const t = usePasswordMessages();
  const [form] = Form.useForm<Values>();
  const mutation = useRequestResetLink();
  const [sent, setSent] = useState(false);

  const submit = async ({ account }: Values) => {
    try {
      await mutation.mutateAsync(account);
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.fields?.account) {
        form.setFields([{ name: 'account', errors: [say(error.fields.account)] }]);
      }
    }
  };

  return (
    <AuthCard title={t('forgetTitle')}>
      {sent ? (
        <Notice
          type="success"
          showIcon
          role="status"
          title={t('linkSentTitle')}
          description={t('linkSent')}
        />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          disabled={mutation.isPending}
        >
          <p>{t('forgetIntro')}</p>
          <Form.Item
            label={t('account')}
            name="account"
            rules={fieldRules(forgetPasswordRequestSchema, 'account')}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
            {t('sendLink')}
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 16 }}>
        <Link to={PATHS.login}>{t('backToSignIn')}</Link>
      </div>
    </AuthCard>
  );
}
