import { Form, Input } from 'antd';
import { PASSWORD_POLICY } from '@gatehouse/contract';
import { usePasswordMessages } from '../messages';

/**
 * New and confirmed password, with the policy's limits checked before a round trip; the
 * rules only the server knows (username, common list, history) come back on `newPassword`.
 * `oldField` names the current-password field the new one must differ from.
 */
export function NewPasswordFields({ oldField }: { oldField?: string }) {
  const t = usePasswordMessages();
  return (
    <>
      <Form.Item
        label={t('newPassword')}
        name="newPassword"
        extra={t('policy')}
        dependencies={oldField ? [oldField] : []}
        rules={[
          { required: true, message: t('required') },
          { min: PASSWORD_POLICY.minLength, message: t('tooShort') },
          { max: PASSWORD_POLICY.maxLength, message: t('tooLong') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              oldField && value && value === getFieldValue(oldField)
                ? Promise.reject(new Error(t('sameAsOld')))
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
          { required: true, message: t('required') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
