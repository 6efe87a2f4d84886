import { Form, Input, InputNumber } from 'antd';
import { codeSchema, type DictionaryItem } from '@gatehouse/contract';
import { FormDialog } from '@/components/form-dialog';
import { type FormMode, type RecordFormProps, required } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { type DataDictKey, useDataDictT } from '../messages';

export type ItemFormValues = Pick<DictionaryItem, 'code' | 'labelEn' | 'labelZh' | 'order'>;

const TITLES = {
  CREATE: 'newItem',
  EDIT: 'editItem',
  DETAIL: 'itemDetail',
} as const satisfies Record<FormMode, DataDictKey>;

/** A dictionary item's create, edit and read-only detail form. */
export function ItemForm({ record, ...dialog }: RecordFormProps<DictionaryItem, ItemFormValues>) {
  const t = useDataDictT();
  const initialValues: Partial<ItemFormValues> =
    record && dialog.mode !== 'CREATE'
      ? { code: record.code, labelEn: record.labelEn, labelZh: record.labelZh, order: record.order }
      : { order: 1 };
  return (
    <FormDialog<ItemFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      // Its own field ids, apart from the other forms on the page.
      formProps={{ name: 'dictionaryItem' }}
    >
      <Form.Item name="code" label={t('code')} rules={fieldRules(codeSchema)}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="labelEn" label={t('labelEn')} rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="labelZh" label={t('labelZh')} rules={required}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="order" label={t('order')} rules={required}>
        <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
