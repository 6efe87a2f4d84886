import {
  type Client,
  type ClientType,
  type CreatedClient,
  elementCodes,
  MESSAGES,
} from '@gatehouse/contract';
import { DatePicker, Flex } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import type { Column } from '@/components/data-table';
import { lazyForm } from '@/components/lazy-form';
import { statusColumn } from '@/components/list-screen/columns';
import { CREATED_DATE_FIELD, STATUS_FIELD } from '@/components/list-screen/search-fields';
import type { SearchField } from '@/components/search-bar';
import { useAllowed } from '@/lib/access';
import { appConfigPath } from '../paths';
import { AppListScreen, appListPreload } from '../shared/app-list-screen';
import { clientsBulk } from './api/bulk-clients';
import { clientListQueryOptions } from './api/client-list';
import { useCreateClient } from './api/create-client';
import { useRotateClientSecret } from './api/rotate-client-secret';
import { useToggleClientStatus } from './api/toggle-client-status';
import { useUpdateClient } from './api/update-client';
import { clientTypeLabel } from './client-types';
import type { ClientFormValues } from './components/client-form';
import { ClientSecretDialog } from './components/client-secret-dialog';
import { ClientSecretsDialog } from './components/client-secrets-dialog';
import { ServiceAccountDialog } from './components/service-account-dialog';
import { clientText, useClientT } from './messages';

const ClientForm = lazyForm(() => import('./components/client-form').then((m) => m.ClientForm));

const CODES = elementCodes(appConfigPath('client'));

/** Spec §9: the client table scrolls past this height. */
const CLIENT_TABLE_MAX_HEIGHT = 600;

export const CLIENT_SEARCH_FIELDS: SearchField[] = [
  {
    name: 'clientName',
    get label() {
      return clientText('name');
    },
    type: 'text',
  },
  {
    name: 'client',
    get label() {
      return clientText('client');
    },
    type: 'text',
  },
  STATUS_FIELD,
  CREATED_DATE_FIELD,
];

/** Spec §2: after Action, Status, Name, Client, ID and Redirect_url; empty cells show `--` (PagedTable). */
const COLUMNS: Column<Client>[] = [
  statusColumn(),
  {
    get title() {
      return clientText('name');
    },
    dataIndex: 'clientName',
    ellipsis: true,
  },
  {
    get title() {
      return clientText('client');
    },
    dataIndex: 'client',
    ellipsis: true,
  },
  {
    get title() {
      return clientText('id');
    },
    dataIndex: 'id',
    ellipsis: true,
  },
  {
    get title() {
      return clientText('redirectUrlColumn');
    },
    dataIndex: 'redirectUrl',
    ellipsis: true,
  },
  {
    get title() {
      return clientText('type');
    },
    dataIndex: 'clientType',
    width: 130,
    render: (type: ClientType) => clientTypeLabel(type),
  },
];

/** A blank redirect URL or logout URI is none at all; the type is chosen at creation only. */
const withUrls = ({ clientType: _type, ...values }: ClientFormValues) => ({
  ...values,
  redirectUrl: values.redirectUrl?.trim() || null,
  backchannelLogoutUri: values.backchannelLogoutUri?.trim() || null,
  backchannelLogoutSessionRequired: values.backchannelLogoutSessionRequired ?? false,
  webOrigins: values.webOrigins ?? [],
});

/** What the route asks for before the screen renders. */
export const preload = appListPreload(clientListQueryOptions, CLIENT_SEARCH_FIELDS);

/** App Client (spec §2): the OAuth clients of the application named by `appId`. */
export function ClientPage() {
  const create = useCreateClient();
  const update = useUpdateClient();
  const toggle = useToggleClientStatus();
  const rotate = useRotateClientSecret();
  const t = useClientT();
  const [created, setCreated] = useState<{ open: boolean; client?: CreatedClient; title?: string }>({
    open: false,
  });
  const [secretsOf, setSecretsOf] = useState<{ open: boolean; client?: Client }>({ open: false });
  const [accountOf, setAccountOf] = useState<{ open: boolean; client?: Client }>({ open: false });
  const mayUpdate = useAllowed({ code: CODES.update, action: 'update' });

  /** Asks first, with an optional expiry; the new secret is in the answer only, so it is shown at once. */
  const confirmRotate = (client: Client) => {
    let expires: Dayjs | null = null;
    confirmDialog({
      title: t('rotateTitle', { name: client.clientName }),
      content: (
        <>
          <p>{t('rotateText')}</p>
          <Flex align="center" gap={8}>
            <span id="rotate-secret-expiry">{t('expiresOptional')}</span>
            <DatePicker
              showTime
              aria-labelledby="rotate-secret-expiry"
              disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              onChange={(value) => {
                expires = value;
              }}
            />
          </Flex>
        </>
      ),
      okText: t('rotateSecret'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          const rotated = await rotate.mutateAsync({
            acId: client.acId,
            ...(expires ? { expiresDate: expires.toISOString() } : {}),
          });
          setCreated({
            open: true,
            title: t('secretRotated'),
            client: { ...client, secret: rotated.secret },
          });
        } catch (error) {
          // The HTTP client has shown the failure already.
          console.debug('Rotating the secret failed', error);
        }
      },
    });
  };
  return (
    <>
      <AppListScreen<Client, ClientFormValues, never, CreatedClient>
        title="App Client"
        names={{ one: t('clientOne'), many: t('clientMany') }}
        fields={CLIENT_SEARCH_FIELDS}
        list="clients"
        audit={{ entity: 'application-client' }}
        bulk={clientsBulk}
        nameOf={(client) => client.clientName}
        rows={clientListQueryOptions}
        rowKey="acId"
        columns={COLUMNS}
        actionsFirst
        scrollY={CLIENT_TABLE_MAX_HEIGHT}
        create={{
          code: CODES.create,
          save: (values, { scope }) =>
            create.mutateAsync({
              ...withUrls(values),
              clientType: values.clientType,
              applicationId: scope.appId,
            }),
          // The secret is in this answer only, so it is shown now (spec §2, "Created successfully").
          onCreated: (client) => setCreated({ open: true, client }),
        }}
        update={{
          code: CODES.update,
          save: (values, { acId }) => update.mutateAsync({ acId, ...withUrls(values) }),
        }}
        toggle={{
          code: CODES.status,
          subject: () => 'client',
          onToggle: ({ acId }) => toggle.mutateAsync(acId),
        }}
        rowActions={[
          {
            key: 'secrets',
            label: t('secrets'),
            // A public client holds no secret.
            hiddenFor: (client) => client.clientType === 'PUBLIC',
            onClick: (client) => setSecretsOf({ open: true, client }),
          },
          {
            key: 'rotate-secret',
            label: t('rotateSecret'),
            code: CODES.update,
            changes: true,
            hiddenFor: (client) => client.clientType === 'PUBLIC',
            onClick: confirmRotate,
          },
          {
            key: 'service-account',
            label: t('serviceAccount'),
            // A public client proves nothing at the token endpoint: it has no service account.
            hiddenFor: (client) => client.clientType === 'PUBLIC',
            onClick: (client) => setAccountOf({ open: true, client }),
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
      <ServiceAccountDialog
        open={accountOf.open}
        client={accountOf.client}
        editable={mayUpdate}
        onClose={() => setAccountOf((s) => ({ ...s, open: false }))}
      />
    </>
  );
}
