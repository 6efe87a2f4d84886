import { createRoleSchema, type Role, updateRoleSchema } from '@gatehouse/contract';
import { Form, Switch } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { type IdentityKey, useIdentityT } from '../../shared/messages';
import { NameCodeItems, type NameCodeValues } from '../../shared/name-code-items';

export type RoleFormValues = NameCodeValues & { requireTwoFactor?: boolean };

const TITLES = {
  CREATE: 'newRole',
  EDIT: 'editRole',
  DETAIL: 'roleDetail',
} as const satisfies Record<FormMode, IdentityKey>;

/** The role's create, edit and read-only detail form; its grants have a dialog of their own. */
export function RoleForm({ record: role, ...dialog }: RecordFormProps<Role, RoleFormValues>) {
  const t = useIdentityT();
  const initialValues =
    role && dialog.mode !== 'CREATE'
      ? {
          name: role.name,
          code: role.code,
          description: role.description,
          requireTwoFactor: role.requireTwoFactor,
        }
      : { requireTwoFactor: false };
  return (
    <FormDialog<RoleFormValues> {...dialog} title={t(TITLES[dialog.mode])} initialValues={initialValues}>
      <NameCodeItems schema={dialog.mode === 'CREATE' ? createRoleSchema : updateRoleSchema} />
      <Form.Item
        name="requireTwoFactor"
        label={t('requireTwoFactor')}
        valuePropName="checked"
        extra={t('requireTwoFactorHelp')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
