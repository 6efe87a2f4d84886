import { Button, Card, Empty, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Client, type CreatedClient, ENABLED_STATUSES } from '@gatehouse/contract';
import { ConfirmToggle } from '@/components/confirm-toggle';
import { PagedTable } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { SearchBar, type SearchField } from '@/components/search-bar';
import { StatusTag } from '@/components/status-tag';
import { useListState } from '@/components/use-list-state';
import { AccessDisable, useAccess } from '@/lib/access';
import { AppContextBar } from '../shared/app-context-bar';
import { NewRecordButton } from '../shared/new-record-button';
import { useCurrentApplication } from '../shared/use-current-application';
import { useClientList } from './api/client-list';
import { useCreateClient } from './api/create-client';
import { useToggleClientStatus } from './api/toggle-client-status';
import { useUpdateClient } from './api/update-client';
import { ClientForm, type ClientFormMode, type ClientFormValues } from './components/client-form';
import { ClientSecretDialog } from './components/client-secret-dialog';

/** Spec §9: the client table scrolls past this height. */
const CLIENT_TABLE_MAX_HEIGHT = 600;

export const CLIENT_SEARCH_FIELDS: SearchField[] = [
  { name: 'clientName', label: 'Name', type: 'text' },
  { name: 'client', label: 'Client', type: 'text' },
  {
    name: 'status',
    label: 'Status',
    type: 'multi-select',
    options: ENABLED_STATUSES.map((s) => ({ label: s, value: s })),
  },
  { name: 'created', label: 'Created date', type: 'date' },
];

type Dialog = { open: boolean; mode: ClientFormMode; client?: Client };

type ClientColumnsOptions = {
  onOpen: (mode: 'EDIT' | 'DETAIL', client: Client) => void;
  onToggle: (client: Client) => Promise<void>;
  /** Whether the user may edit; without it Edit shows disabled with this title. */
  canUpdate: boolean;
  noPermissionTitle: string;
};

/** Spec §2: Action, Status, Name, Client, ID, Redirect_url; empty cells show `--` (PagedTable). */
export function clientColumns({
  onOpen,
  onToggle,
  canUpdate,
  noPermissionTitle,
}: ClientColumnsOptions): TableColumnsType<Client> {
  return [
    {
      title: 'Action',
      key: 'action',
      width: 170,
      render: (_, client) => (
        <RowActions
          items={[
            { key: 'detail', label: 'Detail', onClick: () => onOpen('DETAIL', client) },
            {
              key: 'edit',
              label: 'Edit',
              onClick: () => onOpen('EDIT', client),
              disabled: !canUpdate,
              title: canUpdate ? undefined : noPermissionTitle,
            },
          ]}
          extra={
            // Asks before it acts, so it sits beside the menu rather than in it.
            <AccessDisable code="client:status">
              <ConfirmToggle status={client.status} what="client" onConfirm={() => onToggle(client)} />
            </AccessDisable>
          }
        />
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 110,
      render: (status: string) => <StatusTag status={status} />,
    },
    { title: 'Name', dataIndex: 'clientName', ellipsis: true },
    { title: 'Client', dataIndex: 'client', ellipsis: true },
    { title: 'ID', dataIndex: 'id', ellipsis: true },
    { title: 'Redirect_url', dataIndex: 'redirectUrl', ellipsis: true },
  ];
}

/** The clients of one application (spec §2, App Client). */
function ClientList({ appId }: { appId: string }) {
  const list = useListState({ fields: CLIENT_SEARCH_FIELDS });
  const clients = useClientList({ appId, page: list.page, size: list.size, search: list.search });
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const toggleStatus = useToggleClientStatus();
  // The mode and record stay while the dialog closes, so its content does not change mid-animation.
  const [dialog, setDialog] = useState<Dialog>({ open: false, mode: 'CREATE' });
  const canUpdate = useAccess('client:update');
  const { t } = useTranslation();
  const [created, setCreated] = useState<{ open: boolean; client?: CreatedClient }>({ open: false });

  const submit = async (values: ClientFormValues) => {
    const redirectUrl = values.redirectUrl?.trim() || null;
    if (dialog.mode === 'EDIT' && dialog.client) {
      await updateClient.mutateAsync({ acId: dialog.client.acId, ...values, redirectUrl });
      return;
    }
    // Spec §5: without an application the create is skipped silently.
    if (!appId) return;
    const client = await createClient.mutateAsync({ ...values, redirectUrl, applicationId: appId });
    setCreated({ open: true, client });
  };

  const searching = Object.keys(list.search).length > 0;
  const emptyText = clients.isError ? (
    <Empty description="The clients could not be loaded.">
      <Button onClick={() => clients.refetch()}>Retry</Button>
    </Empty>
  ) : (
    <Empty description={searching ? 'No client matches the search.' : 'No clients yet.'} />
  );

  return (
    <>
      <SearchBar
        fields={CLIENT_SEARCH_FIELDS}
        value={list.search}
        onSearch={list.setSearch}
        onReset={list.reset}
      />
      <Flex justify="flex-end" style={{ margin: '16px 0' }}>
        <NewRecordButton code="client:create" onClick={() => setDialog({ open: true, mode: 'CREATE' })}>
          New client
        </NewRecordButton>
      </Flex>
      <PagedTable<Client>
        label="Clients"
        rowKey="acId"
        columns={clientColumns({
          onOpen: (mode, client) => setDialog({ open: true, mode, client }),
          canUpdate,
          noPermissionTitle: t('noPermission'),
          onToggle: async (client) => {
            await toggleStatus.mutateAsync(client.acId);
          },
        })}
        data={clients.data?.items ?? []}
        total={clients.data?.total ?? 0}
        page={list.page}
        size={list.size}
        loading={clients.isLoading || clients.isPlaceholderData}
        onChange={list.setPage}
        scrollY={CLIENT_TABLE_MAX_HEIGHT}
        emptyText={emptyText}
      />
      <ClientForm
        open={dialog.open}
        mode={dialog.mode}
        client={dialog.client}
        onSubmit={submit}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
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

export function ClientPage() {
  const current = useCurrentApplication();
  return (
    <Card title="App Client">
      <AppContextBar />
      {current.status === 'ready' && <ClientList key={current.appId} appId={current.appId} />}
    </Card>
  );
}
