import { createDataSetSchema, type DataSet, updateDataSetSchema } from '@gatehouse/contract';
import { Form, Input, Select } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { useObjectChoices } from '../api/object-choices';
import { type ApplicationDetailKey, useApplicationDetailT } from '../messages';

export type SetFormValues = Pick<DataSet, 'name' | 'code' | 'objectId' | 'members'>;

const TITLES = {
  CREATE: 'newSet',
  EDIT: 'editSet',
  DETAIL: 'setDetail',
} as const satisfies Record<FormMode, ApplicationDetailKey>;

/** A set's create, edit and read-only detail form: its object and the ids of its members. */
export function SetForm({
  record,
  appId,
  ...dialog
}: RecordFormProps<DataSet, SetFormValues> & { appId: string }) {
  const t = useApplicationDetailT();
  const objects = useObjectChoices(appId, dialog.open);
  const schema = dialog.mode === 'CREATE' ? createDataSetSchema : updateDataSetSchema;
  const initialValues: Partial<SetFormValues> =
    record && dialog.mode !== 'CREATE'
      ? { name: record.name, code: record.code, objectId: record.objectId, members: record.members }
      : { members: [] };
  return (
    <FormDialog<SetFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      formProps={{ name: 'dataSet' }}
    >
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="code" label={t('code')} rules={fieldRules(schema, 'code')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="objectId" label={t('object')} rules={fieldRules(schema, 'objectId')}>
        <Select
          options={objects.data ?? []}
          loading={objects.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="members" label={t('members')} extra={t('membersHelp')}>
        <Select mode="tags" open={false} tokenSeparators={[',', ' ']} />
      </Form.Item>
    </FormDialog>
  );
}
