import { createDictionarySchema, type Dictionary, updateDictionarySchema } from '@gatehouse/contract';
import { Form, Input, Switch } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { type DataDictKey, useDataDictT } from '../messages';
import type { DictionaryFormValues } from './dictionary-values';

const TITLES = {
  CREATE: 'newDictionary',
  EDIT: 'editDictionary',
  DETAIL: 'dictionaryDetail',
} as const satisfies Record<FormMode, DataDictKey>;

/** The dictionary's create, edit and read-only detail form; its application is the screen's. */
export function DictionaryForm({ record, ...dialog }: RecordFormProps<Dictionary, DictionaryFormValues>) {
  const t = useDataDictT();
  const schema = dialog.mode === 'CREATE' ? createDictionarySchema : updateDictionarySchema;
  const initialValues: Partial<DictionaryFormValues> =
    record && dialog.mode !== 'CREATE'
      ? {
          code: record.code,
          name: record.name,
          description: record.description,
          allowCustom: record.allowCustom,
        }
      : { allowCustom: false };
  return (
    <FormDialog<DictionaryFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      // Its own field ids, apart from the other forms on the page.
      formProps={{ name: 'dictionary' }}
    >
      <Form.Item name="code" label={t('code')} rules={fieldRules(schema, 'code')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item
        name="allowCustom"
        label={t('allowCustom')}
        valuePropName="checked"
        extra={t('allowCustomHelp')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
