import { MESSAGES, newPasswordSchema, PASSWORD_MESSAGES } from '@gatehouse/contract';
import { Form, Input } from 'antd';
import { usePasswordPolicy } from '@/api/password-policy';
import { PasswordRules } from '@/components/password-rules';
import { fieldRules } from '@/components/schema-rule';
import { say } from '@/lib/i18n';
import { usePasswordMessages } from '../messages';

/**
 * New and confirmed password, with the policy's length checked before a round trip (its minimum
 * from the settings, the rest the contract's `newPasswordSchema`) and its rules shown under the
 * field; the rules only the server knows (username, common list, history) come back on
 * `newPassword`. `oldField` names the current-password field the new one
 * must differ from.
 */
export function NewPasswordFields({ oldField }: { oldField?: string }) {
  const t = usePasswordMessages();
  const policy = usePasswordPolicy();
  return (
    <>
      <Form.Item
        label={t('newPassword')}
        name="newPassword"
        extra={<PasswordRules policy={policy} />}
        dependencies={oldField ? [oldField] : []}
        // One message at a time.
        validateFirst
        rules={[
          // The policy's minimum (Console Settings); the contract's schema leaves it to the policy.
          () => ({
            validator: (_, value?: string) =>
              policy && value && value.length < policy.minLength
                ? Promise.reject(new Error(say(PASSWORD_MESSAGES.tooShort(policy.minLength))))
                : Promise.resolve(),
          }),
          ...fieldRules(newPasswordSchema),
          // The form's own rules: the contract checks these on the whole request.
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              oldField && value && value === getFieldValue(oldField)
                ? Promise.reject(new Error(say(MESSAGES.passwordSameAsOld)))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('confirmPassword')}
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          // The form's own field, never sent: no request schema has it. It is required, and
          // must repeat the new password.
          ({ getFieldValue }) => ({
            required: true,
            validator: (_, value?: string) =>
              !value
                ? Promise.reject(new Error(say(MESSAGES.required)))
                : value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(say(MESSAGES.passwordsDoNotMatch))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
