import { APP_CONFIG_MESSAGES, type Client, formatMessage, MESSAGES } from '@gatehouse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { findDialog, renderScreen, type StubHandler, stubAppServer } from '@/test/support';
import { fetchClientList } from './api/client-list';
import { ClientPage } from './client-page';

const PATH = '/app-config/client';
const DATE = '2024-01-01T00:00:00.000Z';

const client = (n: number, extra: Partial<Client> = {}): Client => ({
  acId: `00000000-0000-4000-8000-00000000000${n}`,
  clientName: `Client ${n}`,
  client: `client-id-${n}`,
  id: `reg-${n}`,
  redirectUrl: `https://app${n}.example.com/cb`,
  backchannelLogoutUri: null,
  backchannelLogoutSessionRequired: false,
  webOrigins: [],
  clientType: 'CONFIDENTIAL',
  status: 'ENABLED',
  applicationId: 'portal',
  createdDate: DATE,
  lastModifiedDate: DATE,
  ...extra,
});

const CLIENTS = [
  client(1),
  client(2, { status: 'DISABLED', redirectUrl: null }),
  client(3, { status: 'PENDING' }),
];

function server(overrides?: StubHandler) {
  return stubAppServer((call) => {
    if (call.url === '/admin-service/applicationClient/getClientList') {
      return { data: { applicationClientList: CLIENTS, total: 3 } };
    }
    return undefined;
  }, overrides);
}

let stub: ReturnType<typeof stubAppServer> | undefined;
afterEach(() => stub?.restore());

const ALL_CODES = ['client:create', 'client:update', 'client:status'];
const renderPage = (url = `${PATH}?appId=portal`) =>
  renderScreen(<ClientPage />, { url, path: PATH, codes: ALL_CODES });

describe('client list api', () => {
  it('asks for the 0-based page and adapts the legacy envelope', async () => {
    stub = server();
    const result = await fetchClientList({
      appId: 'portal',
      page: 3,
      size: 20,
      search: { clientName: 'bill', status: ['ENABLED'] },
    });
    expect(stub.calls[0]).toMatchObject({
      method: 'GET',
      url: '/admin-service/applicationClient/getClientList',
      params: { applicationId: 'portal', page: 2, size: 20, clientName: 'bill', status: ['ENABLED'] },
    });
    expect(result).toEqual({ items: CLIENTS, total: 3 });
  });
});

describe('client table', () => {
  it('shows the columns in order, status tags (neutral for others) and -- for empty cells', async () => {
    stub = server();
    renderPage();
    const row1 = await screen.findByRole('row', { name: /Client 1/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    // Spec §2's order, after the column of selection checkboxes.
    expect(headers).toEqual(['', 'Action', 'Status', 'Name', 'Client', 'ID', 'Redirect_url', 'Type']);

    expect(within(row1).getByText('ENABLED')).toHaveClass('gh-tag-green');
    const row2 = screen.getByRole('row', { name: /Client 2/ });
    expect(within(row2).getByText('DISABLED')).toHaveClass('gh-tag-red');
    expect(within(row2).getByText('--')).toBeInTheDocument();
    const pending = within(screen.getByRole('row', { name: /Client 3/ })).getByText('PENDING');
    expect(pending).toHaveClass('gh-tag');
    expect(pending.className).not.toMatch(/gh-tag-(green|red)/);
    expect(screen.getByText('Total 3')).toBeInTheDocument();
    expect(within(row1).getByText('Confidential')).toBeInTheDocument();
  });

  it('asks before disabling, then calls updateClientStatus with the acId', async () => {
    const user = userEvent.setup();
    stub = server((call) =>
      call.url === '/admin-service/applicationClient/updateClientStatus'
        ? { data: { ...CLIENTS[0], status: 'DISABLED' } }
        : undefined,
    );
    renderPage();
    const row1 = await screen.findByRole('row', { name: /Client 1/ });
    await user.click(within(row1).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Disable this client?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(formatMessage(MESSAGES.changedSuccessfully))).toBeInTheDocument();
    expect(stub.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/admin-service/applicationClient/updateClientStatus',
        params: { acId: CLIENTS[0]!.acId },
      }),
    ]);
    // A disabled client offers Enable, with its own prompt.
    const row2 = screen.getByRole('row', { name: /Client 2/ });
    await user.click(within(row2).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Enable this client?')).toBeInTheDocument();
  });

  it('lists nothing and offers no New client without an application', async () => {
    stub = server();
    renderPage(PATH);
    expect(await screen.findByText('Choose an application')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New client/ })).not.toBeInTheDocument();
    expect(stub.calls.filter((c) => c.url.includes('applicationClient'))).toEqual([]);
  });
});

describe('client form', () => {
  it('requires a name, checks the URL, creates, and shows the secret once', async () => {
    const user = userEvent.setup();
    stub = server((call) =>
      call.method === 'POST'
        ? { status: 201, data: { ...client(9, call.body as Partial<Client>), secret: 's3cr3t-value' } }
        : undefined,
    );
    renderPage();
    await screen.findByRole('row', { name: /Client 1/ });
    await user.click(screen.getByRole('button', { name: /New client/ }));
    const form = await findDialog('New client');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText(formatMessage(MESSAGES.required))).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Client name'), 'Billing');
    const redirect = within(form).getByLabelText('Redirect URL');
    for (const [value, message] of [
      ['ftp://nope', APP_CONFIG_MESSAGES.redirectUrlFormat],
      ['https://billing.example.com/cb#top', APP_CONFIG_MESSAGES.redirectUrlFragment],
      ['https://billing.example.com/cb http://billing.example.com/cb', APP_CONFIG_MESSAGES.redirectUrlHttps],
    ] as const) {
      await user.clear(redirect);
      await user.type(redirect, value);
      await user.click(within(form).getByRole('button', { name: 'OK' }));
      expect(await within(form).findByText(formatMessage(message))).toBeInTheDocument();
    }
    expect(stub.writes()).toEqual([]);
    await user.clear(redirect);
    await user.click(within(form).getByRole('button', { name: 'OK' }));

    const created = await findDialog(formatMessage(MESSAGES.createdSuccessfully));
    expect(stub.writes()[0]).toMatchObject({
      method: 'POST',
      url: '/admin-service/v2/application/client',
      body: { clientName: 'Billing', redirectUrl: null, status: 'ENABLED', applicationId: 'portal' },
    });
    await waitFor(() => expect(within(created).getByText('s3cr3t-value')).toBeInTheDocument());
  });

  it('shows a detail read-only and saves an edit with PUT v2', async () => {
    const user = userEvent.setup();
    stub = server((call) => (call.method === 'PUT' ? { data: CLIENTS[0] } : undefined));
    renderPage();
    const row1 = await screen.findByRole('row', { name: /Client 1/ });
    await user.click(within(row1).getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Detail' }));
    const detail = await findDialog('Client detail');
    expect(within(detail).getByLabelText('Client name')).toBeDisabled();
    expect(within(detail).getByLabelText('Client name')).toHaveValue('Client 1');
    expect(within(detail).queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    await user.click(within(detail).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await user.click(within(row1).getByRole('button', { name: /Action/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = await findDialog('Edit client');
    const name = within(edit).getByLabelText('Client name');
    await waitFor(() => expect(name).toHaveValue('Client 1'));
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(edit).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(stub?.writes()[0]).toMatchObject({
        method: 'PUT',
        url: '/admin-service/v2/application/client',
        body: {
          acId: CLIENTS[0]!.acId,
          clientName: 'Renamed',
          redirectUrl: 'https://app1.example.com/cb',
          status: 'ENABLED',
        },
      }),
    );
  });
});
