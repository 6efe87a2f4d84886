import { createGroupSchema, type Group, updateGroupSchema } from '@gatehouse/contract';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { type IdentityKey, useIdentityT } from '../../shared/messages';
import { NameCodeItems, type NameCodeValues } from '../../shared/name-code-items';

export type GroupFormValues = NameCodeValues;

const TITLES = {
  CREATE: 'newGroup',
  EDIT: 'editGroup',
  DETAIL: 'groupDetail',
} as const satisfies Record<FormMode, IdentityKey>;

/** The group's create, edit and read-only detail form. */
export function GroupForm({ record: group, ...dialog }: RecordFormProps<Group, GroupFormValues>) {
  const t = useIdentityT();
  const initialValues =
    group && dialog.mode !== 'CREATE'
      ? { name: group.name, code: group.code, description: group.description }
      : undefined;
  return (
    <FormDialog<GroupFormValues> {...dialog} title={t(TITLES[dialog.mode])} initialValues={initialValues}>
      <NameCodeItems schema={dialog.mode === 'CREATE' ? createGroupSchema : updateGroupSchema} />
    </FormDialog>
  );
}
