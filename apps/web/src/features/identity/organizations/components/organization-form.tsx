import { Form, Input } from 'antd';
import type { Organization } from '@gatehouse/contract';
import { type FormMode, FormDialog, type RecordFormProps } from '@/components/form-dialog';
import { NameCodeItems, type NameCodeValues } from '../../shared/name-code-items';

export type OrganizationFormValues = NameCodeValues;

const TITLES: Record<FormMode, string> = {
  CREATE: 'New organization',
  EDIT: 'Edit organization',
  DETAIL: 'Organization detail',
};

/**
 * Creates an organization, at the top or under `record` (the parent, from "Add child"). The
 * full editing of one, with its place and members, is the Edit Organization screen.
 */
export function OrganizationForm({
  record: parent,
  ...dialog
}: RecordFormProps<Organization, OrganizationFormValues>) {
  return (
    <FormDialog<OrganizationFormValues> {...dialog} title={TITLES[dialog.mode]}>
      <Form.Item label="Parent">
        <Input value={parent ? parent.path : 'None: at the top level'} disabled />
      </Form.Item>
      <NameCodeItems />
    </FormDialog>
  );
}
