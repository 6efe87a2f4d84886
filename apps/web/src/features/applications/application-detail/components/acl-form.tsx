import {
  ACL_SUBJECT_TYPES,
  ACL_TARGET_TYPES,
  type Acl,
  CRUD_ACTIONS,
  createAclSchema,
  updateAclSchema,
} from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { clientChoiceQueryOptions } from '@/api/clients';
import { FormDialog } from '@/components/form-dialog';
import { optionsOf } from '@/components/list-screen/search-fields';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { type ApplicationDetailKey, useApplicationDetailT } from '../messages';
import { idsClearedBy, SUBJECT_PICKERS, TARGET_PICKERS } from './acl-pickers';

export type AclFormValues = Pick<Acl, 'subjectType' | 'subjectId' | 'targetType' | 'targetId' | 'actions'>;

const TITLES = {
  CREATE: 'newAcl',
  EDIT: 'editAcl',
  DETAIL: 'aclDetail',
} as const satisfies Record<FormMode, ApplicationDetailKey>;

/**
 * The name of the entry's subject, where one record can be read by its key: a client. The
 * server reads no single user, group, role, permission or resource, so those show their key
 * until the picker finds them again.
 */
function useRecordSubject(record: Acl | undefined) {
  const acId = record?.subjectType === 'CLIENT' ? record.subjectId : '';
  const client = useQuery({ ...clientChoiceQueryOptions(acId), enabled: acId !== '' });
  return client.data ? [client.data] : [];
}

/**
 * An access-control entry's create, edit and read-only detail form. The subject and the
 * target are picked from a search of the records their type names; a new type clears them.
 */
export function AclForm({
  record,
  appId,
  ...dialog
}: RecordFormProps<Acl, AclFormValues> & { appId: string }) {
  const t = useApplicationDetailT();
  const [form] = Form.useForm<AclFormValues>();
  const editing = record && dialog.mode !== 'CREATE' ? record : undefined;
  const schema = dialog.mode === 'CREATE' ? createAclSchema : updateAclSchema;
  const initialValues: Partial<AclFormValues> = editing
    ? {
        subjectType: editing.subjectType,
        subjectId: editing.subjectId,
        targetType: editing.targetType,
        targetId: editing.targetId,
        actions: editing.actions,
      }
    : { subjectType: 'USER', targetType: 'PERMISSION', actions: ['retrieve'] };
  const subjectType = Form.useWatch('subjectType', form) ?? initialValues.subjectType ?? 'USER';
  const targetType = Form.useWatch('targetType', form) ?? initialValues.targetType ?? 'PERMISSION';
  const subject = SUBJECT_PICKERS[subjectType];
  const target = TARGET_PICKERS[targetType];
  const knownSubject = useRecordSubject(editing);
  return (
    <FormDialog<AclFormValues>
      {...dialog}
      form={form}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      formProps={{
        name: 'acl',
        onValuesChange: (changed: Partial<AclFormValues>) => {
          for (const id of idsClearedBy(changed)) form.setFieldValue(id, undefined);
        },
      }}
    >
      <Form.Item name="subjectType" label={t('subjectType')} rules={fieldRules(schema, 'subjectType')}>
        <Select options={optionsOf(ACL_SUBJECT_TYPES)} />
      </Form.Item>
      <Form.Item name="subjectId" label={t('subjectId')} rules={fieldRules(schema, 'subjectId')}>
        {/* One picker per type, so a search typed for users does not linger over groups. */}
        <RemoteSelect
          key={subjectType}
          search={subject.search(appId)}
          known={knownSubject}
          placeholder={t(subject.placeholder)}
        />
      </Form.Item>
      <Form.Item name="targetType" label={t('targetType')} rules={fieldRules(schema, 'targetType')}>
        <Select options={optionsOf(ACL_TARGET_TYPES)} />
      </Form.Item>
      <Form.Item name="targetId" label={t('targetId')} rules={fieldRules(schema, 'targetId')}>
        <RemoteSelect key={targetType} search={target.search(appId)} placeholder={t(target.placeholder)} />
      </Form.Item>
      <Form.Item name="actions" label={t('actions')} rules={fieldRules(schema, 'actions')}>
        <Select mode="multiple" options={optionsOf(CRUD_ACTIONS)} />
      </Form.Item>
    </FormDialog>
  );
}
