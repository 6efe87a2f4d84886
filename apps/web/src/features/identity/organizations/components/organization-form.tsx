import { createOrganizationSchema, type Organization } from '@gatehouse/contract';
import { Form, Input } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { type IdentityKey, useIdentityT } from '../../shared/messages';
import { NameCodeItems, type NameCodeValues } from '../../shared/name-code-items';

export type OrganizationFormValues = NameCodeValues;

const TITLES = {
  CREATE: 'newOrganization',
  EDIT: 'editOrganization',
  DETAIL: 'organizationDetail',
} as const satisfies Record<FormMode, IdentityKey>;

/**
 * Creates an organization, at the top or under `record` (the parent, from "Add child"). The
 * full editing of one, with its place and members, is the Edit Organization screen.
 */
export function OrganizationForm({
  record: parent,
  ...dialog
}: RecordFormProps<Organization, OrganizationFormValues>) {
  const t = useIdentityT();
  return (
    <FormDialog<OrganizationFormValues> {...dialog} title={t(TITLES[dialog.mode])}>
      <Form.Item label={t('parent')}>
        <Input value={parent ? parent.path : t('topLevel')} disabled />
      </Form.Item>
      <NameCodeItems schema={createOrganizationSchema} />
    </FormDialog>
  );
}
