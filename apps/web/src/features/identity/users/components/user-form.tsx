import { createUserSchema, type User, updateUserSchema } from '@gatehouse/contract';
import { Checkbox, Form, Input } from 'antd';
import { organizationChoice, organizationChoicesQueryOptions } from '@/api/organizations';
import { usePasswordPolicy } from '@/api/password-policy';
import { FormDialog } from '@/components/form-dialog';
import { PasswordRules } from '@/components/password-rules';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { useOrganization } from '../../organizations/api/get-organization';
import { type IdentityKey, useIdentityT } from '../../shared/messages';
import type { UserFormValues } from './user-values';

const TITLES = {
  CREATE: 'newUser',
  EDIT: 'editUser',
  DETAIL: 'userDetail',
} as const satisfies Record<FormMode, IdentityKey>;

function valuesOf(user: User): UserFormValues {
  return {
    username: user.username,
    name: user.name,
    email: user.email ?? '',
    phone: user.phone,
    avatar: user.avatar,
    organizationId: user.organizationId,
  };
}

/** The user's create, edit and read-only detail form (STYLE.md habit 5). */
export function UserForm({ record: user, ...dialog }: RecordFormProps<User, UserFormValues>) {
  const creating = dialog.mode === 'CREATE';
  const t = useIdentityT();
  const policy = usePasswordPolicy();
  const organization = useOrganization(creating ? undefined : (user?.organizationId ?? undefined));
  // The fields both requests share are checked alike; the username and password are the create's.
  const schema = creating ? createUserSchema : updateUserSchema;
  const initialValues: Partial<UserFormValues> =
    user && !creating ? valuesOf(user) : { mustChangePassword: true };

  return (
    <FormDialog<UserFormValues> {...dialog} title={t(TITLES[dialog.mode])} initialValues={initialValues}>
      <Form.Item
        name="username"
        label={t('username')}
        rules={fieldRules(createUserSchema, 'username')}
        extra={creating ? t('cannotChangeLater') : undefined}
      >
        <Input autoComplete="off" maxLength={100} disabled={!creating} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={fieldRules(schema, 'email')}>
        <Input type="email" autoComplete="off" maxLength={254} />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={fieldRules(schema, 'phone')}>
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      <Form.Item name="avatar" label={t('avatarUrl')} rules={fieldRules(schema, 'avatar')}>
        <Input placeholder="https://example.com/avatar.png" maxLength={2000} />
      </Form.Item>
      <Form.Item name="organizationId" label={t('organization')}>
        <RemoteSelect
          search={organizationChoicesQueryOptions}
          known={organization.data ? [organizationChoice(organization.data)] : []}
          placeholder={t('searchOrganizations')}
        />
      </Form.Item>
      {creating && (
        <>
          <Form.Item
            name="password"
            label={t('password')}
            rules={fieldRules(createUserSchema, 'password')}
            extra={
              <>
                {t('passwordHelp')} <PasswordRules policy={policy} forOwnPassword={false} />
              </>
            }
          >
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item name="mustChangePassword" valuePropName="checked">
            <Checkbox>{t('mustChangePassword')}</Checkbox>
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
