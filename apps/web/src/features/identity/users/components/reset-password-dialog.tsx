import { MESSAGES, resetPasswordSchema, type User } from '@gatehouse/contract';
import { Form, Input } from 'antd';
import { usePasswordPolicy } from '@/api/password-policy';
import { FormDialog } from '@/components/form-dialog';
import { Notice } from '@/components/notice';
import { PasswordRules } from '@/components/password-rules';
import { fieldRules } from '@/components/schema-rule';
import { useToast } from '@/components/use-toast';
import { useIdentityT } from '../../shared/messages';
import { useResetUserPassword } from '../api/reset-user-password';

type Values = { password?: string };

export type ResetPasswordDialogProps = {
  open: boolean;
  /** The user whose password is reset. */
  user: User | undefined;
  onClose: () => void;
  /** A password the server generated, to show once. */
  onGenerated: (user: User, password: string) => void;
};

/** An administrator's reset: a chosen password, or a generated one shown once. */
export function ResetPasswordDialog({ open, user, onClose, onGenerated }: ResetPasswordDialogProps) {
  const reset = useResetUserPassword();
  const toast = useToast();
  const t = useIdentityT();
  const policy = usePasswordPolicy();

  const submit = async ({ password }: Values) => {
    if (!user) return;
    const result = await reset.mutateAsync({ userId: user.userId, password: password || undefined });
    if (result.initialPassword) onGenerated(user, result.initialPassword);
    else toast.success(MESSAGES.changedSuccessfully);
  };

  return (
    <FormDialog<Values>
      open={open}
      mode="EDIT"
      title={t('resetPasswordOf', { name: user?.username ?? '' })}
      okText={t('resetPassword')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Notice type="info" showIcon style={{ marginBottom: 16 }} title={t('resetPasswordInfo')} />
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={fieldRules(resetPasswordSchema, 'password')}
        extra={
          <>
            {t('resetPasswordHelp')} <PasswordRules policy={policy} forOwnPassword={false} />
          </>
        }
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
    </FormDialog>
  );
}
