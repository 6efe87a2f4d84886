import { Checkbox, Form, Input } from 'antd';
import {
  type CreateUser,
  emailSchema,
  newPasswordSchema,
  type UpdateUser,
  type User,
  updateUserSchema,
  usernameSchema,
} from '@gatehouse/contract';
import { type FormMode, FormDialog, type RecordFormProps, required } from '@/components/form-dialog';
import { RemoteSelect } from '@/components/remote-select';
import { schemaRule } from '@/components/schema-rule';
import { useOrganization } from '../../organizations/api/get-organization';
import { type IdentityKey, useIdentityT } from '../../shared/messages';
import { organizationChoice, organizationChoicesQueryOptions } from '../../shared/api/organization-choices';

export type UserFormValues = {
  username: string;
  name: string;
  email: string;
  phone?: string | null;
  avatar?: string | null;
  organizationId?: string | null;
  /** CREATE only: blank has the server generate one, shown once. */
  password?: string;
  /** CREATE only. */
  mustChangePassword?: boolean;
};

const TITLES = {
  CREATE: 'newUser',
  EDIT: 'editUser',
  DETAIL: 'userDetail',
} as const satisfies Record<FormMode, IdentityKey>;

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/** The create body: a blank password is none, so the server generates one. */
export function toCreateUser(values: UserFormValues): CreateUser {
  return {
    username: values.username.trim(),
    name: values.name,
    email: values.email,
    phone: blankToNull(values.phone),
    avatar: blankToNull(values.avatar),
    organizationId: values.organizationId ?? null,
    ...(values.password ? { password: values.password } : {}),
    mustChangePassword: values.mustChangePassword ?? true,
  };
}

/** The update body: the username and password are not edited here. */
export function toUpdateUser(values: UserFormValues, user: Pick<User, 'userId'>): UpdateUser {
  return {
    userId: user.userId,
    name: values.name,
    email: values.email,
    phone: blankToNull(values.phone),
    avatar: blankToNull(values.avatar),
    organizationId: values.organizationId ?? null,
  };
}

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
  const organization = useOrganization(creating ? undefined : (user?.organizationId ?? undefined));
  const initialValues: Partial<UserFormValues> =
    user && !creating ? valuesOf(user) : { mustChangePassword: true };

  return (
    <FormDialog<UserFormValues> {...dialog} title={t(TITLES[dialog.mode])} initialValues={initialValues}>
      <Form.Item
        name="username"
        label={t('username')}
        rules={[...required, schemaRule(usernameSchema)]}
        extra={creating ? t('cannotChangeLater') : undefined}
      >
        <Input autoComplete="off" maxLength={100} disabled={!creating} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[...required, schemaRule(emailSchema)]}>
        <Input type="email" autoComplete="off" maxLength={254} />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')}>
        <Input autoComplete="off" maxLength={50} />
      </Form.Item>
      <Form.Item name="avatar" label={t('avatarUrl')} rules={[schemaRule(updateUserSchema.shape.avatar)]}>
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
            rules={[schemaRule(newPasswordSchema)]}
            extra={t('passwordHelp')}
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
