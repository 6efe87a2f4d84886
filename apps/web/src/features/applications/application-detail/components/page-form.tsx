import { type AppPage, createAppPageSchema, updateAppPageSchema } from '@gatehouse/contract';
import { Form, Input, InputNumber } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { type ApplicationDetailKey, useApplicationDetailT } from '../messages';

/** A cleared order is null: left out of the body, so the server's default order applies. */
export type PageFormValues = Pick<AppPage, 'name' | 'route'> & { order?: number | null };

const TITLES = {
  CREATE: 'newPage',
  EDIT: 'editPage',
  DETAIL: 'pageDetail',
} as const satisfies Record<FormMode, ApplicationDetailKey>;

/** A page's create, edit and read-only detail form. */
export function PageForm({ record, ...dialog }: RecordFormProps<AppPage, PageFormValues>) {
  const t = useApplicationDetailT();
  const schema = dialog.mode === 'CREATE' ? createAppPageSchema : updateAppPageSchema;
  const initialValues: Partial<PageFormValues> =
    record && dialog.mode !== 'CREATE'
      ? { name: record.name, route: record.route, order: record.order }
      : { order: 1 };
  return (
    <FormDialog<PageFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      formProps={{ name: 'appPage' }}
    >
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item name="route" label={t('route')} rules={fieldRules(schema, 'route')}>
        <Input autoComplete="off" maxLength={500} placeholder="/orders" />
      </Form.Item>
      <Form.Item name="order" label={t('order')} rules={fieldRules(schema, 'order')}>
        <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
