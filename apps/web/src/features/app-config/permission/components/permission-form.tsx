import { Form, Select } from 'antd';
import { type Permission, RESOURCE_TYPES_FOR_PERMISSION } from '@gatehouse/contract';
import { optionsOf } from '@/components/list-screen/search-fields';
import { type FormMode, FormDialog, type RecordFormProps, required } from '@/components/form-dialog';
import { NameAndIdItems } from '@/features/app-config/shared/name-and-id-items';

export type PermissionFormValues = Pick<Permission, 'name' | 'id' | 'resourceType'>;

const TITLES: Record<FormMode, string> = {
  CREATE: 'New permission',
  EDIT: 'Edit permission',
  DETAIL: 'Permission detail',
};

/** Spec §3: API is the only type a permission can have. */
export const PERMISSION_TYPE_OPTIONS = optionsOf(RESOURCE_TYPES_FOR_PERMISSION);

/** The one permission form (spec §4, §5): name, id and type are required; DETAIL is read-only. */
export function PermissionForm({ record, ...dialog }: RecordFormProps<Permission, PermissionFormValues>) {
  const initialValues = dialog.mode === 'CREATE' || !record ? undefined : pick(record);
  return (
    <FormDialog<PermissionFormValues> {...dialog} title={TITLES[dialog.mode]} initialValues={initialValues}>
      <NameAndIdItems />
      <Form.Item name="resourceType" label="Type" rules={required}>
        <Select options={PERMISSION_TYPE_OPTIONS} placeholder="Choose a type" />
      </Form.Item>
    </FormDialog>
  );
}

function pick({ name, id, resourceType }: Permission): PermissionFormValues {
  return { name, id, resourceType };
}
