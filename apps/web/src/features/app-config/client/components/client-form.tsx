import {
  CLIENT_TYPES,
  type Client,
  type ClientType,
  createClientSchema,
  ENABLED_STATUSES,
  m,
  type Status,
  updateClientSchema,
} from '@gatehouse/contract';
import { Checkbox, Form, Input, Select } from 'antd';
import { FormDialog } from '@/components/form-dialog';
import { optionsOf } from '@/components/list-screen/search-fields';
import type { FormMode, RecordFormProps } from '@/components/record-form';
import { fieldRules } from '@/components/schema-rule';
import { say } from '@/lib/i18n';
import { clientTypeLabel } from '../client-types';
import { type ClientTextKey, useClientT } from '../messages';

export type ClientFormValues = {
  clientName: string;
  redirectUrl?: string | null;
  webOrigins?: string[];
  backchannelLogoutUri?: string | null;
  backchannelLogoutSessionRequired?: boolean;
  clientType: ClientType;
  status: Status;
};

const TITLES = {
  CREATE: 'newClient',
  EDIT: 'editClient',
  DETAIL: 'clientDetail',
} as const satisfies Record<FormMode, ClientTextKey>;

const statusOptions = optionsOf(ENABLED_STATUSES);

/** The client's create, edit and read-only detail form (STYLE.md habit 5). */
export function ClientForm({ record: client, ...dialog }: RecordFormProps<Client, ClientFormValues>) {
  const t = useClientT();
  const clientTypeOptions = CLIENT_TYPES.map((value) => ({ value, label: clientTypeLabel(value) }));
  const initialValues: Partial<ClientFormValues> = client
    ? {
        clientName: client.clientName,
        redirectUrl: client.redirectUrl ?? '',
        webOrigins: client.webOrigins,
        backchannelLogoutUri: client.backchannelLogoutUri ?? '',
        backchannelLogoutSessionRequired: client.backchannelLogoutSessionRequired,
        clientType: client.clientType,
        // A status outside the two choices would show as a bare value; the user picks one.
        status: (ENABLED_STATUSES as readonly string[]).includes(client.status)
          ? (client.status as Status)
          : undefined,
      }
    : {
        status: 'ENABLED',
        clientType: 'CONFIDENTIAL',
        webOrigins: [],
        backchannelLogoutSessionRequired: false,
      };

  const schema = dialog.mode === 'CREATE' ? createClientSchema : updateClientSchema;
  return (
    <FormDialog<ClientFormValues> {...dialog} title={t(TITLES[dialog.mode])} initialValues={initialValues}>
      <Form.Item name="clientName" label={t('clientName')} rules={fieldRules(schema, 'clientName')}>
        <Input maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item
        name="clientType"
        label={t('clientType')}
        // Only a create sends the type (the update schema has none): the create schema's rule.
        rules={fieldRules(createClientSchema, 'clientType')}
        extra={dialog.mode === 'CREATE' ? t('publicHelp') : undefined}
      >
        {/* Fixed at creation: a confidential client's secrets mean nothing to a public one. */}
        <Select options={clientTypeOptions} disabled={dialog.mode !== 'CREATE'} />
      </Form.Item>
      <Form.Item
        name="redirectUrl"
        label={t('redirectUrl')}
        dependencies={['clientType']}
        rules={[
          // The server's own check (fragments, plain http off the loopback), before sending.
          ...fieldRules(schema, 'redirectUrl'),
          // The create schema's rule across two fields, which a field's own check cannot run.
          ({ getFieldValue }) => ({
            validator: (_rule, value?: string | null) =>
              getFieldValue('clientType') === 'PUBLIC' && !value?.trim()
                ? Promise.reject(new Error(say(m('field.publicClientRedirect'))))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input placeholder="https://example.com/callback" />
      </Form.Item>
      <Form.Item
        name="webOrigins"
        label={t('webOrigins')}
        extra={t('webOriginsHelp')}
        rules={fieldRules(schema, 'webOrigins')}
      >
        {/* Each origin a tag: the list is what the API takes, checked origin by origin. */}
        <Select
          mode="tags"
          tokenSeparators={[' ', ',']}
          notFoundContent={null}
          placeholder="https://example.com"
        />
      </Form.Item>
      <Form.Item
        name="backchannelLogoutUri"
        label={t('backchannelLogoutUri')}
        rules={fieldRules(schema, 'backchannelLogoutUri')}
        extra={t('backchannelLogoutHelp')}
      >
        <Input placeholder="https://example.com/backchannel-logout" />
      </Form.Item>
      <Form.Item name="backchannelLogoutSessionRequired" valuePropName="checked">
        <Checkbox>{t('backchannelLogoutSessionRequired')}</Checkbox>
      </Form.Item>
      <Form.Item name="status" label={t('status')} rules={fieldRules(schema, 'status')}>
        <Select options={statusOptions} />
      </Form.Item>
      {client && dialog.mode !== 'CREATE' && (
        // Assigned by the server: shown for reference, never sent back.
        <>
          <Form.Item label={t('client')}>
            <Input value={client.client} disabled />
          </Form.Item>
          <Form.Item label={t('id')}>
            <Input value={client.id} disabled />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
