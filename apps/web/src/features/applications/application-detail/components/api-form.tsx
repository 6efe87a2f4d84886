import { type AppApi, createAppApiSchema, HTTP_METHODS, updateAppApiSchema } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { permissionRecordChoicesQueryOptions, permissionRecordNamesQueryOptions } from '@/api/permissions';
import { FormDialog } from '@/components/form-dialog';
import { optionsOf } from '@/components/list-screen/search-fields';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { type ApplicationDetailKey, useApplicationDetailT } from '../messages';

export type ApiFormValues = Pick<AppApi, 'method' | 'pathPattern' | 'permissionIds'> & {
  description?: string | null;
};

const TITLES = {
  CREATE: 'newApi',
  EDIT: 'editApi',
  DETAIL: 'apiDetail',
} as const satisfies Record<FormMode, ApplicationDetailKey>;

/** An HTTP API's create, edit and read-only detail form, with the permissions (of type API) that protect it. */
export function ApiForm({
  record,
  appId,
  ...dialog
}: RecordFormProps<AppApi, ApiFormValues> & { appId: string }) {
  const t = useApplicationDetailT();
  const editing = record && dialog.mode !== 'CREATE' ? record : undefined;
  const schema = dialog.mode === 'CREATE' ? createAppApiSchema : updateAppApiSchema;
  const initialValues: Partial<ApiFormValues> = editing
    ? {
        method: editing.method,
        pathPattern: editing.pathPattern,
        description: editing.description,
        permissionIds: editing.permissionIds,
      }
    : { method: 'GET', permissionIds: [] };
  // The API names its permissions by key only; their names come from the application's list.
  const names = useQuery({
    ...permissionRecordNamesQueryOptions(appId, 'API'),
    enabled: dialog.open && (editing?.permissionIds.length ?? 0) > 0,
  });
  return (
    <FormDialog<ApiFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      formProps={{ name: 'appApi' }}
    >
      <Form.Item name="method" label={t('method')} rules={fieldRules(schema, 'method')}>
        <Select options={optionsOf(HTTP_METHODS)} />
      </Form.Item>
      <Form.Item name="pathPattern" label={t('pathPattern')} rules={fieldRules(schema, 'pathPattern')}>
        <Input autoComplete="off" maxLength={500} placeholder="/orders/{id}" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Form.Item name="permissionIds" label={t('apiPermissions')} extra={t('apiPermissionsHelp')}>
        <RemoteSelect
          multiple
          search={(keyword) => permissionRecordChoicesQueryOptions(appId, 'API', keyword)}
          known={names.data}
          placeholder={t('searchPermissions')}
        />
      </Form.Item>
    </FormDialog>
  );
}
