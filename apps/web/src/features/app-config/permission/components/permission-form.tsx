import { Form, Input, Select } from 'antd';
import { type Permission, RESOURCE_TYPES_FOR_PERMISSION } from '@gatehouse/contract';
import { type FormMode, FormDialog, type RecordFormProps, required } from '@/components/form-dialog';

export type PermissionFormValues = Pick<Permission, 'name' | 'id' | 'resourceType'>;

const TITLES: Record<FormMode, string> = {
  CREATE: 'New permission',
  EDIT: 'Edit permission',
  DETAIL: 'Permission detail',
};

/** Spec §3: API is the only type a permission can have. */
export const PERMISSION_TYPE_OPTIONS = RESOURCE_TYPES_FOR_PERMISSION.map((t) => ({ label: t, value: t }));

/** The one permission form (spec §4, §5): name, id and type are required; DETAIL is read-only. */
export function PermissionForm({
  open,
  mode,
  record,
  onSubmit,
  onClose,
}: RecordFormProps<Permission, PermissionFormValues>) {
  const initialValues = mode === 'CREATE' || !record ? undefined : pick(record);
  return (
    <FormDialog<PermissionFormValues>
      open={open}
      mode={mode}
      title={TITLES[mode]}
      initialValues={initialValues}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Form.Item name="name" label="Name" rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="id" label="ID" rules={required}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="resourceType" label="Type" rules={required}>
        <Select options={PERMISSION_TYPE_OPTIONS} placeholder="Choose a type" />
      </Form.Item>
    </FormDialog>
  );
}

function pick({ name, id, resourceType }: Permission): PermissionFormValues {
  return { name, id, resourceType };
}
