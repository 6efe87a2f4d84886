import type { Group } from '@gatehouse/contract';
import { type FormMode, FormDialog, type RecordFormProps } from '@/components/form-dialog';
import { NameCodeItems, type NameCodeValues } from '../../shared/name-code-items';

export type GroupFormValues = NameCodeValues;

const TITLES: Record<FormMode, string> = {
  CREATE: 'New group',
  EDIT: 'Edit group',
  DETAIL: 'Group detail',
};

/** The group's create, edit and read-only detail form. */
export function GroupForm({ record: group, ...dialog }: RecordFormProps<Group, GroupFormValues>) {
  const initialValues =
    group && dialog.mode !== 'CREATE'
      ? { name: group.name, code: group.code, description: group.description }
      : undefined;
  return (
    <FormDialog<GroupFormValues> {...dialog} title={TITLES[dialog.mode]} initialValues={initialValues}>
      <NameCodeItems />
    </FormDialog>
  );
}
