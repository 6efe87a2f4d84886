import { type Action, AUDIT_PERMISSION_ID } from '@gatehouse/contract';
import { queryOptions } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/support';
import type { ListBulk } from './bulk';
import type { ListQuery } from './list-query';
import { ListScreen, UNSCOPED } from './list-screen';

/**
 * The kit's side of spec §6: the New button needs both the element code and the role's
 * `create`, and without `retrieve` the list is not asked for. A bare list, no feature screen.
 */

type Row = { id: string; name: string; status: string };
const PATH = '/admin-setting/application';

function renderList({
  codes,
  actions,
  auditActions = [],
}: {
  codes: string[];
  actions: Action[];
  /** The role's actions on the Audit Log. */
  auditActions?: Action[];
}) {
  const fetchRows = vi.fn(async () => ({ items: [{ id: 'a', name: 'Alpha', status: 'ENABLED' }], total: 1 }));
  renderScreen(
    <ListScreen<Row, { name: string }, typeof UNSCOPED>
      title="Things"
      names={{ one: 'thing', many: 'things' }}
      scope={UNSCOPED}
      fields={[]}
      list="users"
      audit={{ entity: 'user' }}
      rows={(params) => queryOptions({ queryKey: ['things', params], queryFn: fetchRows })}
      rowKey="id"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      create={{ code: 'thing:create', save: vi.fn() }}
      update={{ code: 'thing:update', save: vi.fn() }}
      toggle={{ code: 'thing:status', subject: () => 'client', onToggle: vi.fn() }}
      form={() => null}
    />,
    {
      url: PATH,
      path: PATH,
      codes,
      actions,
      otherPermissions: [{ permissionId: AUDIT_PERMISSION_ID, actionEntitySet: auditActions }],
    },
  );
  return { fetchRows };
}

const ALL_CODES = ['thing:create', 'thing:update', 'thing:status'];

describe('ListScreen access', () => {
  it('offers New and the row actions to a role that holds them', async () => {
    const { fetchRows } = renderList({ codes: ALL_CODES, actions: ['create', 'retrieve', 'update'] });
    expect(screen.getByRole('button', { name: /New thing/ })).toBeEnabled();
    const row = (await screen.findByText('Alpha')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Disable' })).toBeEnabled();
    expect(fetchRows).toHaveBeenCalledOnce();
  });

  it('disables New, titled "No permission", when the role lacks create though the menu has the code', async () => {
    renderList({ codes: ALL_CODES, actions: ['retrieve'] });
    const create = screen.getByRole('button', { name: /New thing/ });
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute('title', 'No permission');
    // The status toggle needs `update`, which the role can never use here: it is left out.
    const row = (await screen.findByText('Alpha')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it('disables New when the menu lacks the code though the role has create', () => {
    renderList({ codes: [], actions: ['create', 'retrieve'] });
    expect(screen.getByRole('button', { name: /New thing/ })).toBeDisabled();
  });

  it("offers each row's History to a role that may read the audit log, and only to it", async () => {
    const user = userEvent.setup({ delay: null });
    renderList({ codes: ALL_CODES, actions: ['retrieve'], auditActions: ['retrieve'] });
    const row = (await screen.findByText('Alpha')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Action/ }));
    expect(await screen.findByRole('menuitem', { name: 'History' })).toBeInTheDocument();
  });

  it('leaves History out for a role without the audit log', async () => {
    const user = userEvent.setup({ delay: null });
    renderList({ codes: ALL_CODES, actions: ['retrieve'] });
    const row = (await screen.findByText('Alpha')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Action/ }));
    await screen.findByRole('menuitem', { name: 'Detail' });
    expect(screen.queryByRole('menuitem', { name: 'History' })).not.toBeInTheDocument();
  });

  it('does not ask for the list without retrieve, and says why it is empty', async () => {
    const { fetchRows } = renderList({ codes: ALL_CODES, actions: ['create'] });
    expect(await screen.findByText('No permission', { selector: '.ant-empty-description' })).toBeVisible();
    expect(fetchRows).not.toHaveBeenCalled();
  });
});

describe('ListScreen bulk actions', () => {
  function renderBulk({ codes, actions }: { codes: string[]; actions: Action[] }) {
    const bulk: ListBulk<ListQuery> = {
      actions: ['enable', 'disable', 'delete'],
      run: vi.fn(),
      exportCsv: vi.fn(),
    };
    renderScreen(
      <ListScreen<Row, { name: string }, typeof UNSCOPED>
        title="Things"
        names={{ one: 'thing', many: 'things' }}
        scope={UNSCOPED}
        fields={[]}
        list="users"
        audit={{ entity: 'user' }}
        bulk={bulk}
        nameOf={(row) => row.name}
        rows={(params) =>
          queryOptions({
            queryKey: ['bulk-things', params],
            queryFn: async () => ({ items: [{ id: 'a', name: 'Alpha', status: 'ENABLED' }], total: 1 }),
          })
        }
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        create={{ code: 'thing:create', save: vi.fn() }}
        toggle={{ code: 'thing:status', subject: () => 'client', onToggle: vi.fn() }}
        remove={{ code: 'thing:delete', subject: 'thing', onDelete: vi.fn() }}
        form={() => null}
      />,
      { url: PATH, path: PATH, codes, actions },
    );
  }

  const barOffers = async () => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Alpha' }));
    const bar = await screen.findByRole('region', { name: 'Actions on the selected rows' });
    return within(bar)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => text !== 'Clear selection');
  };

  it('offers each action as its row action is offered, and export always', async () => {
    renderBulk({ codes: ['thing:status', 'thing:delete'], actions: ['retrieve', 'update', 'delete'] });
    expect(await barOffers()).toEqual(['Enable', 'Disable', 'Delete', 'Export CSV']);
  });

  it('leaves out an action the role lacks', async () => {
    renderBulk({ codes: ['thing:status', 'thing:delete'], actions: ['retrieve', 'update'] });
    expect(await barOffers()).toEqual(['Enable', 'Disable', 'Export CSV']);
  });

  it('leaves out an action whose element code the menu lacks', async () => {
    renderBulk({ codes: ['thing:delete'], actions: ['retrieve', 'update', 'delete'] });
    expect(await barOffers()).toEqual(['Delete', 'Export CSV']);
  });
});
