import { Form, Input, Select } from 'antd';
import type { FormRule } from 'antd';
import { type Client, ENABLED_STATUSES, type Status } from '@gatehouse/contract';
import { optionsOf } from '@/components/list-screen/search-fields';
import { type FormMode, FormDialog, type RecordFormProps, required } from '@/components/form-dialog';

export type ClientFormValues = {
  clientName: string;
  redirectUrl?: string | null;
  status: Status;
};

const TITLES: Record<FormMode, string> = {
  CREATE: 'New client',
  EDIT: 'Edit client',
  DETAIL: 'Client detail',
};

/** The same check the server makes (contract `createClientSchema`), so the user learns it before sending. */
const redirectUrlRules: FormRule[] = [
  { pattern: /^https?:\/\/\S+$/i, message: 'Enter a valid http(s) URL' },
  { max: 2000, message: 'At most 2000 characters' },
];

const statusOptions = optionsOf(ENABLED_STATUSES);

/** The client's create, edit and read-only detail form (STYLE.md habit 5). */
export function ClientForm({ record: client, ...dialog }: RecordFormProps<Client, ClientFormValues>) {
  const initialValues: Partial<ClientFormValues> = client
    ? {
        clientName: client.clientName,
        redirectUrl: client.redirectUrl ?? '',
        // A status outside the two choices would show as a bare value; the user picks one.
        status: (ENABLED_STATUSES as readonly string[]).includes(client.status)
          ? (client.status as Status)
          : undefined,
      }
    : { status: 'ENABLED' };

  return (
    <FormDialog<ClientFormValues> {...dialog} title={TITLES[dialog.mode]} initialValues={initialValues}>
      <Form.Item name="clientName" label="Client name" rules={required}>
        <Input maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item name="redirectUrl" label="Redirect URL" rules={redirectUrlRules}>
        <Input placeholder="https://example.com/callback" />
      </Form.Item>
      <Form.Item name="status" label="Status" rules={required}>
        <Select options={statusOptions} />
      </Form.Item>
      {client && dialog.mode !== 'CREATE' && (
        // Assigned by the server: shown for reference, never sent back.
        <>
          <Form.Item label="Client">
            <Input value={client.client} disabled />
          </Form.Item>
          <Form.Item label="ID">
            <Input value={client.id} disabled />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
