import { createProductSchema, type Product, updateProductSchema } from '@gatehouse/contract';
import { Form, Input } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { useCatalogT } from '../../catalog-messages';
import type { ProductFormValues } from './product-values';

const TITLES = {
  CREATE: 'newProduct',
  EDIT: 'editProduct',
  DETAIL: 'productDetail',
} as const satisfies Record<FormMode, string>;

/** The product's create, edit and read-only detail form; the code is unique, and the server says so on the field. */
export function ProductForm({ record: product, ...dialog }: RecordFormProps<Product, ProductFormValues>) {
  const t = useCatalogT();
  const schema = dialog.mode === 'CREATE' ? createProductSchema : updateProductSchema;
  const initialValues =
    product && dialog.mode !== 'CREATE'
      ? { name: product.name, code: product.code, description: product.description, owner: product.owner }
      : undefined;
  return (
    <FormDialog<ProductFormValues> {...dialog} title={t(TITLES[dialog.mode])} initialValues={initialValues}>
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="code" label={t('code')} rules={fieldRules(schema, 'code')} extra={t('codeHelp')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="owner" label={t('owner')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </FormDialog>
  );
}
