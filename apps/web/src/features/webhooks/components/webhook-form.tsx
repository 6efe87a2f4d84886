import {
  createWebhookSchema,
  updateWebhookSchema,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
} from '@gatehouse/contract';
import { Form, Input, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { FormDialog } from '@/components/form-dialog';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { useWebhooksT, type WebhooksKey } from '../messages';
import { eventGroups, type WebhookFormValues, webhookValues } from './webhook-values';

const TITLES = {
  CREATE: 'newWebhook',
  EDIT: 'editWebhook',
  DETAIL: 'webhookDetail',
} as const satisfies Record<FormMode, WebhooksKey>;

/**
 * The webhook's create, edit and read-only detail form. Its scope (the platform, or the
 * application of the tab) is the screen's, set once at creation; the secret is the server's.
 */
export function WebhookForm({ record, ...dialog }: RecordFormProps<Webhook, WebhookFormValues>) {
  const t = useWebhooksT();
  const schema = dialog.mode === 'CREATE' ? createWebhookSchema : updateWebhookSchema;
  const initialValues: Partial<WebhookFormValues> =
    record && dialog.mode !== 'CREATE' ? webhookValues(record) : { enabled: true, events: [] };
  const options = useMemo(
    () => [
      {
        label: t('eventGroups'),
        options: eventGroups().map((group) => ({
          value: group,
          label: group === '*' ? `* (${t('everyEvent')})` : group,
        })),
      },
      { label: t('eventTypes'), options: WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type })) },
    ],
    [t],
  );
  return (
    <FormDialog<WebhookFormValues>
      {...dialog}
      title={t(TITLES[dialog.mode])}
      initialValues={initialValues}
      width={640}
      // Its own field ids, apart from the other forms on the page.
      formProps={{ name: 'webhook' }}
    >
      <Form.Item name="name" label={t('name')} rules={fieldRules(schema, 'name')}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item name="url" label={t('url')} rules={fieldRules(schema, 'url')} extra={t('urlHelp')}>
        <Input autoComplete="off" inputMode="url" maxLength={2000} placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="events"
        label={t('events')}
        rules={fieldRules(schema, 'events')}
        extra={t('eventsHelp')}
      >
        <Select
          mode="tags"
          options={options}
          tokenSeparators={[',', ' ']}
          // The user's own patterns are checked by the rule, as the server checks them.
          allowClear
          showSearch
        />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={fieldRules(schema, 'description')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked" extra={t('enabledHelp')}>
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
