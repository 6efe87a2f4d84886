import {
  createDictionaryItemSchema,
  type DictionaryItem,
  updateDictionaryItemSchema,
} from '@gatehouse/contract';
import { Form, Input, InputNumber } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { type DataDictKey, useDataDictT } from '../messages';

/** A cleared order is null: left out of the body, so the server's default order applies. */
export type ItemFormValues = Pick<DictionaryItem, 'code' | 'labelEn' | 'labelZh'> & { order?: number | null };

/** The body fields of the form: a cleared order is left out, not sent as null (which reads as 0). */
export function itemBody({ code, labelEn, labelZh, order }: ItemFormValues) {
  return { code, labelEn, labelZh, ...(order === null || order === undefined ? {} : { order }) };
}

const TITLES = {
  CREATE: 'newItem',
  EDIT: 'editItem',
  DETAIL: 'itemDetail',
} as const satisfies Record<FormMode, DataDictKey>;

/** A dictionary item's create, edit and read-only detail form. */
export function ItemForm({ record, ...dialog }: RecordFormProps<DictionaryItem, ItemFormValues>) {
  const t = useDataDictT();
  const schema = dialog.mode === 'CREATE' ? createDictionaryItemSchema : updateDictionaryItemSchema;
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
      <Form.Item name="code" label={t('code')} rules={fieldRules(schema, 'code')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="labelEn" label={t('labelEn')} rules={fieldRules(schema, 'labelEn')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="labelZh" label={t('labelZh')} rules={fieldRules(schema, 'labelZh')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="order" label={t('order')} rules={fieldRules(schema, 'order')}>
        <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
