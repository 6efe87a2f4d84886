import { type Application, createApplicationSchema, updateApplicationSchema } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Switch } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { RemoteSelect } from '@/components/remote-select';
import { fieldRules } from '@/components/schema-rule';
import { useApplicationsT } from '../messages';
import { productQueryOptions } from '../products/api/get-product';
import { productChoicesQueryOptions } from '../products/api/list-products';
import type { ApplicationFormValues } from './application-values';

const TITLES = {
  CREATE: 'newApplication',
  EDIT: 'editApplication',
  DETAIL: 'applicationDetail',
} as const satisfies Record<FormMode, string>;

/**
 * The application's create, edit and read-only detail form: its ID (the `appId` of the
 * app-config screens, fixed once made), name, description, product and whether it is open
 * to every user.
 */
export function ApplicationForm({
  record: app,
  ...dialog
}: RecordFormProps<Application, ApplicationFormValues>) {
  const t = useApplicationsT();
  const creating = dialog.mode === 'CREATE';
  const shown = creating ? undefined : app;
  const schema = creating ? createApplicationSchema : updateApplicationSchema;
  // An update may leave the name out, but this form always sends it: the name as sent is required.
  const nameRules = creating
    ? fieldRules(createApplicationSchema, 'name')
    : fieldRules(updateApplicationSchema.shape.name.unwrap());
  // The picker names only what a search brings back; the current product is named up front.
  const productId = shown?.productId ?? '';
  const product = useQuery({ ...productQueryOptions(productId), enabled: dialog.open && productId !== '' });
  const known = product.data
    ? [{ value: product.data.productId, label: `${product.data.name} (${product.data.code})` }]
    : [];
  const initialValues: Partial<ApplicationFormValues> = shown
    ? {
        applicationId: shown.applicationId,
        name: shown.name,
        description: shown.description,
        productId: shown.productId,
        openToAllUsers: shown.openToAllUsers,
      }
    : { openToAllUsers: false };
  return (
    <FormDialog<ApplicationFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
    >
      <Form.Item
        name="applicationId"
        label={t('applicationId')}
        rules={fieldRules(schema, 'applicationId')}
        extra={creating ? t('applicationIdHelp') : undefined}
      >
        <Input autoComplete="off" maxLength={100} disabled={!creating} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} rules={nameRules}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="productId" label={t('product')} extra={t('productHelp')}>
        <RemoteSelect search={productChoicesQueryOptions} known={known} placeholder={t('searchProducts')} />
      </Form.Item>
      <Form.Item
        name="openToAllUsers"
        label={t('openToAllUsers')}
        valuePropName="checked"
        extra={t('openToAllUsersHelp')}
      >
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
