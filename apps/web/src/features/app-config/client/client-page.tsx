import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Client, CreatedClient } from '@gatehouse/contract';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { statusColumn } from '@/components/list-screen/columns';
import { AppListScreen } from '../shared/app-list-screen';
import { clientListQueryOptions } from './api/client-list';
import { useCreateClient } from './api/create-client';
import { useToggleClientStatus } from './api/toggle-client-status';
import { useUpdateClient } from './api/update-client';
import { ClientForm, type ClientFormValues } from './components/client-form';
import { ClientSecretDialog } from './components/client-secret-dialog';

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
  const [created, setCreated] = useState<{ open: boolean; client?: CreatedClient }>({ open: false });
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
        form={(props) => <ClientForm {...props} />}
      />
      <ClientSecretDialog
        open={created.open}
        client={created.client}
        onClose={() => setCreated((c) => ({ ...c, open: false }))}
        // The secret is not kept around once the user has closed the dialog.
        afterClose={() => setCreated({ open: false })}
      />
    </>
  );
}
