import { App, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { type Client, type CreatedClient, MESSAGES } from '@gatehouse/contract';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { statusColumn } from '@/components/list-screen/columns';
import { AppListScreen } from '../shared/app-list-screen';
import { clientListQueryOptions } from './api/client-list';
import { useCreateClient } from './api/create-client';
import { useRotateClientSecret } from './api/rotate-client-secret';
import { useToggleClientStatus } from './api/toggle-client-status';
import { useUpdateClient } from './api/update-client';
import { ClientForm, type ClientFormValues } from './components/client-form';
import { ClientSecretDialog } from './components/client-secret-dialog';
import { ClientSecretsDialog } from './components/client-secrets-dialog';

/** The title of the dialog that shows a rotated secret once. */
export const SECRET_ROTATED = 'Secret rotated';

/** Spec §9: the client table scrolls past this height. */
const CLIENT_TABLE_MAX_HEIGHT = 600;

export const CLIENT_SEARCH_FIELDS: SearchField[] = [
  { name: 'clientName', label: 'Name', type: 'text' },
  { name: 'client', label: 'Client', type: 'text' },
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

/** Spec §2: after Action, Status, Name, Client, ID and Redirect_url; empty cells show `--` (PagedTable). */
const COLUMNS: TableColumnsType<Client> = [
  statusColumn(),
  { title: 'Name', dataIndex: 'clientName', ellipsis: true },
  { title: 'Client', dataIndex: 'client', ellipsis: true },
  { title: 'ID', dataIndex: 'id', ellipsis: true },
  { title: 'Redirect_url', dataIndex: 'redirectUrl', ellipsis: true },
];

/** A blank redirect URL is none at all. */
const withRedirectUrl = (values: ClientFormValues) => ({
  ...values,
  redirectUrl: values.redirectUrl?.trim() || null,
});

/** App Client (spec §2): the OAuth clients of the application named by `appId`. */
export function ClientPage() {
  const create = useCreateClient();
  const update = useUpdateClient();
  const toggle = useToggleClientStatus();
  const rotate = useRotateClientSecret();
  const { modal } = App.useApp();
  const [created, setCreated] = useState<{ open: boolean; client?: CreatedClient; title?: string }>({
    open: false,
  });
  const [secretsOf, setSecretsOf] = useState<{ open: boolean; client?: Client }>({ open: false });

  /** Asks first; the new secret is in the answer only, so it is shown at once. */
  const confirmRotate = (client: Client) =>
    modal.confirm({
      title: `Rotate the secret of ${client.clientName}?`,
      content: 'A new secret is made and shown once. The current one keeps working until the next rotation.',
      okText: 'Rotate secret',
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const rotated = await rotate.mutateAsync({ acId: client.acId });
          setCreated({ open: true, title: SECRET_ROTATED, client: { ...client, secret: rotated.secret } });
        } catch (error) {
          // The HTTP client has shown the failure already.
          console.debug('Rotating the secret failed', error);
        }
      },
    });
  return (
    <>
      <AppListScreen<Client, ClientFormValues, never, CreatedClient>
        title="App Client"
        names={{ one: 'client', many: 'clients' }}
        fields={CLIENT_SEARCH_FIELDS}
        rows={clientListQueryOptions}
        rowKey="acId"
        columns={COLUMNS}
        actionsFirst
        scrollY={CLIENT_TABLE_MAX_HEIGHT}
        create={{
          code: 'client:create',
          save: (values, { scope }) =>
            create.mutateAsync({ ...withRedirectUrl(values), applicationId: scope.appId }),
          // The secret is in this answer only, so it is shown now (spec §2, "Created successfully").
          onCreated: (client) => setCreated({ open: true, client }),
        }}
        update={{
          code: 'client:update',
          save: (values, { acId }) => update.mutateAsync({ acId, ...withRedirectUrl(values) }),
        }}
        toggle={{
          code: 'client:status',
          subject: () => 'client',
          onToggle: ({ acId }) => toggle.mutateAsync(acId),
        }}
        rowActions={[
          { key: 'secrets', label: 'Secrets', onClick: (client) => setSecretsOf({ open: true, client }) },
          {
            key: 'rotate-secret',
            label: 'Rotate secret',
            code: 'client:update',
            changes: true,
            onClick: confirmRotate,
          },
        ]}
        form={(props) => <ClientForm {...props} />}
      />
      <ClientSecretDialog
        open={created.open}
        client={created.client}
        title={created.title ?? MESSAGES.createdSuccessfully}
        onClose={() => setCreated((c) => ({ ...c, open: false }))}
        // The secret is not kept around once the user has closed the dialog.
        afterClose={() => setCreated({ open: false })}
      />
      <ClientSecretsDialog
        open={secretsOf.open}
        client={secretsOf.client}
        onClose={() => setSecretsOf((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
