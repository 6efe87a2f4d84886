import { createPermissionSchema, type Permission, updatePermissionSchema } from '@gatehouse/contract';
import { Form, Select } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
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
  const schema = dialog.mode === 'CREATE' ? createPermissionSchema : updatePermissionSchema;
  return (
    <FormDialog<PermissionFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
    >
      <NameAndIdItems schema={schema} />
      <Form.Item name="resourceType" label={t('type')} rules={fieldRules(schema, 'resourceType')}>
        <Select options={PERMISSION_TYPE_OPTIONS} placeholder={t('chooseType')} />
      </Form.Item>
    </FormDialog>
  );
}

function pick({ name, id, resourceType }: Permission): PermissionFormValues {
  return { name, id, resourceType };
}
