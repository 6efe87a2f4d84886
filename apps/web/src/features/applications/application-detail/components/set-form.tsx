import { Form, Input, Select } from 'antd';
import { codeSchema, type DataSet } from '@gatehouse/contract';
import { FormDialog } from '@/components/form-dialog';
import { type FormMode, type RecordFormProps, required } from '@/components/record-form';
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
      <Form.Item name="name" label={t('name')} rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="code" label={t('code')} rules={fieldRules(codeSchema)}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="objectId" label={t('object')} rules={required}>
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
