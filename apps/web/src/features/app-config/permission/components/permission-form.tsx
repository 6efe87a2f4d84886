import { Form, Select } from 'antd';
import { createPermissionSchema, type Permission } from '@gatehouse/contract';
import { FormDialog } from '@/components/form-dialog';
import { type FormMode, type RecordFormProps, required } from '@/components/record-form';
import { useAppConfigT } from '@/features/app-config/shared/messages';
import { NameAndIdItems } from '@/features/app-config/shared/name-and-id-items';
import { PERMISSION_TYPE_OPTIONS } from '../permission-types';

export type PermissionFormValues = Pick<Permission, 'name' | 'id' | 'resourceType'>;

const TITLES = {
  CREATE: 'newPermission',
  EDIT: 'editPermission',
  DETAIL: 'permissionDetail',
} as const satisfies Record<FormMode, string>;

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
      <NameAndIdItems schema={createPermissionSchema} />
      <Form.Item name="resourceType" label={t('type')} rules={required}>
        <Select options={PERMISSION_TYPE_OPTIONS} placeholder={t('chooseType')} />
      </Form.Item>
    </FormDialog>
  );
}

function pick({ name, id, resourceType }: Permission): PermissionFormValues {
  return { name, id, resourceType };
}
