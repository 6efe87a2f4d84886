import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  createDataObjectSchema,
  type DataObject,
  OBJECT_FIELD_TYPES,
  objectFieldSchema,
  updateDataObjectSchema,
} from '@gatehouse/contract';
import { Button, Form, Input, Select, Space, Switch } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import { optionsOf } from '@/components/list-screen/search-fields';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { type ApplicationDetailKey, useApplicationDetailT } from '../messages';
import type { ObjectFormValues } from './object-values';

const TITLES = {
  CREATE: 'newObject',
  EDIT: 'editObject',
  DETAIL: 'objectDetail',
} as const satisfies Record<FormMode, ApplicationDetailKey>;

/** A data object's create, edit and read-only detail form, with its fields as rows. */
export function ObjectForm({ record, ...dialog }: RecordFormProps<DataObject, ObjectFormValues>) {
  const t = useApplicationDetailT();
  const schema = dialog.mode === 'CREATE' ? createDataObjectSchema : updateDataObjectSchema;
  const initialValues: Partial<ObjectFormValues> =
    record && dialog.mode !== 'CREATE'
      ? { name: record.name, code: record.code, description: record.description, fields: record.fields }
      : { fields: [] };
  return (
    <FormDialog<ObjectFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      // Its own field ids, apart from the other forms on the page.
      formProps={{ name: 'dataObject' }}
      width={720}
    >
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="code" label={t('code')} rules={fieldRules(schema, 'code')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Form.Item label={t('fields')}>
        <Form.List name="fields">
          {(rows, { add, remove }) => (
            <>
              {rows.map(({ key, name }) => (
                <Space key={key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[name, 'name']} rules={fieldRules(objectFieldSchema, 'name')}>
                    <Input aria-label={t('fieldName')} placeholder={t('fieldName')} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[name, 'type']} rules={fieldRules(objectFieldSchema, 'type')}>
                    <Select
                      aria-label={t('fieldType')}
                      placeholder={t('fieldType')}
                      options={optionsOf(OBJECT_FIELD_TYPES)}
                      style={{ width: 130 }}
                    />
                  </Form.Item>
                  <Form.Item name={[name, 'required']} valuePropName="checked" label={t('fieldRequired')}>
                    <Switch size="small" />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('removeField')}
                    onClick={() => remove(name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ type: 'STRING', required: false })}
              >
                {t('addField')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </FormDialog>
  );
}
