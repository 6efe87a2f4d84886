import { Form, Select } from 'antd';
import { type Permission, RESOURCE_TYPES_FOR_PERMISSION } from '@gatehouse/contract';
import { optionsOf } from '@/components/list-screen/search-fields';
import { type FormMode, FormDialog, type RecordFormProps, required } from '@/components/form-dialog';
import { useAppConfigT } from '@/features/app-config/shared/messages';
import { NameAndIdItems } from '@/features/app-config/shared/name-and-id-items';

export type PermissionFormValues = Pick<Permission, 'name' | 'id' | 'resourceType'>;

const TITLES = {
  CREATE: 'newPermission',
  EDIT: 'editPermission',
  DETAIL: 'permissionDetail',
} as const satisfies Record<FormMode, string>;

/** Spec §3: API is the only type a permission can have. */
export const PERMISSION_TYPE_OPTIONS = optionsOf(RESOURCE_TYPES_FOR_PERMISSION);

/** The one permission form (spec §4, §5): name, id and type are required; DETAIL is read-only. */
export function PermissionForm({ record, ...dialog }: RecordFormProps<Permission, PermissionFormValues>) {
  const t = useAppConfigT();
  const initialValues = dialog.mode === 'CREATE' || !record ? undefined : pick(record);
  return (
    <FormDialog<PermissionFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
    >
      <NameAndIdItems />
      <Form.Item name="resourceType" label={t('type')} rules={required}>
        <Select options={PERMISSION_TYPE_OPTIONS} placeholder={t('chooseType')} />
      </Form.Item>
    </FormDialog>
  );
}

function pick({ name, id, resourceType }: Permission): PermissionFormValues {
  return { name, id, resourceType };
}
