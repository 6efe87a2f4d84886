import { type ClientSecretInfo, formatMessage, MESSAGES } from '@gatehouse/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '@/components/data-table';
import { renderWithToasts } from '@/test/render';
import { ClientSecretDialog } from './client-secret-dialog';
import { SECRET_COLUMNS } from './client-secrets-dialog';

const CREATED = {
  acId: '00000000-0000-4000-8000-000000000001',
  clientName: 'Billing portal',
  client: 'gh_client_abc',
  id: 'reg-123',
  secret: 'very-secret-value',
  redirectUrl: null,
  backchannelLogoutUri: null,
  backchannelLogoutSessionRequired: false,
  webOrigins: [],
  clientType: 'CONFIDENTIAL' as const,
  status: 'ENABLED',
  applicationId: 'portal',
  createdDate: '2024-01-01T00:00:00.000Z',
  lastModifiedDate: '2024-01-01T00:00:00.000Z',
};

describe('ClientSecretDialog', () => {
  it('shows the name, client, secret and id, copy buttons for secret and id, and the once-only warning', () => {
    renderWithToasts(<ClientSecretDialog open client={CREATED} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeInTheDocument();
    for (const value of ['Billing portal', 'gh_client_abc', 'very-secret-value', 'reg-123']) {
      expect(within(dialog).getByText(value)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy ID' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^Copy/ })).toHaveLength(2);
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
  });

  it('copies the secret and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderWithToasts(<ClientSecretDialog open client={CREATED} onClose={vi.fn()} />);
    screen.getByRole('button', { name: 'Copy secret' }).click();
    expect(await screen.findByText(formatMessage(MESSAGES.copied))).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('very-secret-value');
  });

  it('shows a public client without a secret, and says it uses PKCE', () => {
    renderWithToasts(
      <ClientSecretDialog
        open
        client={{ ...CREATED, clientType: 'PUBLIC', secret: null }}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('gh_client_abc')).toBeInTheDocument();
    expect(within(dialog).queryByText('Secret')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Copy secret' })).toBeNull();
    expect(within(dialog).getByText(/PKCE/)).toBeInTheDocument();
  });

  it('titles a rotated secret as such', () => {
    renderWithToasts(<ClientSecretDialog open client={CREATED} title="Secret rotated" onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Secret rotated')).toBeInTheDocument();
    expect(within(dialog).getByText('very-secret-value')).toBeInTheDocument();
  });
});

describe('SECRET_COLUMNS', () => {
  it('shows when a secret was made, expires and was last used, never the secret', () => {
    renderWithToasts(
      <DataTable<ClientSecretInfo>
        rowKey="secretId"
        columns={SECRET_COLUMNS}
        rows={[
          { secretId: 's1', createdDate: '2024-01-02T03:04:00.000Z', expiresDate: null, lastUsedDate: null },
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Created',
      'Expires',
      'Last used',
    ]);
    expect(screen.getAllByText('--')).toHaveLength(2);
  });
});
