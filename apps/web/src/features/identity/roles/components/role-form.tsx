import type { Role } from '@gatehouse/contract';
import { type FormMode, FormDialog, type RecordFormProps } from '@/components/form-dialog';
import { NameCodeItems, type NameCodeValues } from '../../shared/name-code-items';

export type RoleFormValues = NameCodeValues;

const TITLES: Record<FormMode, string> = {
  CREATE: 'New role',
  EDIT: 'Edit role',
  DETAIL: 'Role detail',
};

/** The role's create, edit and read-only detail form; its grants have a dialog of their own. */
export function RoleForm({ record: role, ...dialog }: RecordFormProps<Role, RoleFormValues>) {
  const initialValues =
    role && dialog.mode !== 'CREATE'
      ? { name: role.name, code: role.code, description: role.description }
      : undefined;
  return (
    <FormDialog<RoleFormValues> {...dialog} title={TITLES[dialog.mode]} initialValues={initialValues}>
      <NameCodeItems />
    </FormDialog>
  );
}
