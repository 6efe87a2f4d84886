import { ACTIONS, type Action, formatMessage, MESSAGES } from '@gatehouse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AccessProvider } from '@/lib/access';
import { renderWithToasts } from '@/test/render';
import { menuWith } from '@/test/support';
import { DELETED_SUCCESSFULLY } from '../confirm-action';
import { type ActionColumnOptions, actionColumn } from './action-column';

type Row = { id: string; name: string; type: 'CATEGORY' | 'MENU'; status: string };
type Kind = 'MENU';

const CATEGORY: Row = { id: 'c1', name: 'Settings', type: 'CATEGORY', status: 'ENABLED' };
const MENU: Row = { id: 'm1', name: 'Users', type: 'MENU', status: 'DISABLED' };
const PATH = '/app-config/resource';

/**
 * Renders the Action cell of `row` as the table would, on a path whose menu grants `codes`
 * and whose permission the role holds with `actions` (all of them by default).
 */
function renderCell(
  row: Row,
  options: Partial<ActionColumnOptions<Row, Kind>>,
  codes: string[] = [],
  actions: readonly Action[] = ACTIONS,
) {
  const open = vi.fn();
  const column = actionColumn<Row, Kind>({
    open,
    editable: true,
    can: { create: true, update: true },
    noPermission: 'No permission',
    roleCan: (action) => actions.includes(action),
    // As ListScreen passes `useAllows()`: the codes the path's menu grants.
    allows: (code) => codes.includes(code),
    ...options,
  });
  const permissions = [{ permissionId: 'app-config.resource', actionEntitySet: [...actions] }];
  renderWithToasts(
    <MemoryRouter initialEntries={[PATH]}>
      <AccessProvider menus={menuWith(PATH, codes)} permissions={permissions}>
        {column.render?.(undefined, row, 0) as ReactNode}
      </AccessProvider>
    </MemoryRouter>,
  );
  return { column, open };
}

async function menuItems(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Action/ }));
  return screen.findAllByRole('menuitem');
}

describe('actionColumn', () => {
  it("ends the menu with the row's History, even on a locked row, when it is given", async () => {
    const user = userEvent.setup({ delay: null });
    const history = vi.fn();
    renderCell(CATEGORY, { history, lockedFor: () => 'Built in', can: { create: false, update: false } });
    const items = await menuItems(user);
    expect(items.map((item) => item.textContent)).toEqual(['Detail', 'Edit', 'History']);
    expect(screen.getByRole('menuitem', { name: 'History' })).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'History' }));
    expect(history).toHaveBeenCalledExactlyOnceWith(CATEGORY);
  });

  it('is the "Action" column, and opens Detail and Edit on the row', async () => {
    const user = userEvent.setup({ delay: null });
    const { column, open } = renderCell(CATEGORY, {});
    expect(column).toMatchObject({ title: 'Action', key: 'action', width: 120 });

    expect((await menuItems(user)).map((item) => item.textContent)).toEqual(['Detail', 'Edit']);
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(open).toHaveBeenCalledExactlyOnceWith('EDIT', CATEGORY);
  });

  it('shows Edit and the create actions disabled, with the no-permission title, to a user without them', async () => {
    const user = userEvent.setup({ delay: null });
    renderCell(MENU, {
      can: { create: false, update: false },
      createFromRow: [{ key: 'add-menu', label: 'Add menu', mode: 'CREATE_MENU' }],
    });
    await menuItems(user);
    for (const name of ['Edit', 'Add menu']) {
      const item = screen.getByRole('menuitem', { name });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(within(item).getByTitle('No permission')).toBeInTheDocument();
    }
    expect(screen.getByRole('menuitem', { name: 'Detail' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('opens a create action in its mode from the row, and leaves it out where it does not apply', async () => {
    const user = userEvent.setup({ delay: null });
    const addMenu = { key: 'add-menu', label: 'Add menu', mode: 'CREATE_MENU' as const };
    const { open } = renderCell(CATEGORY, {
      createFromRow: [addMenu, { ...addMenu, key: 'never', label: 'Hidden', hiddenFor: () => true }],
    });
    expect((await menuItems(user)).map((item) => item.textContent)).toEqual(['Detail', 'Edit', 'Add menu']);
    await user.click(screen.getByRole('menuitem', { name: 'Add menu' }));
    expect(open).toHaveBeenCalledExactlyOnceWith('CREATE_MENU', CATEGORY);
  });

  it('without editing offers no menu, only what sits beside it', () => {
    const { column } = renderCell(CATEGORY, {
      editable: false,
      extra: (row) => <a href={`/configure/${row.id}`}>Configure {row.name}</a>,
    });
    expect(column.width).toBe(170);
    expect(screen.queryByRole('button', { name: /Action/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configure Settings' })).toHaveAttribute('href', '/configure/c1');
  });

  it('puts the status toggle beside the menu; it asks, then sets the status the row does not have', async () => {
    const user = userEvent.setup({ delay: null });
    const onToggle = vi.fn(async () => {});
    renderCell(MENU, { toggle: { code: 'resource:status', subject: () => 'menu', onToggle } }, [
      'resource:status',
    ]);
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Enable this menu ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onToggle).toHaveBeenCalledExactlyOnceWith(MENU, 'ENABLED');
    expect(await screen.findByText(formatMessage(MESSAGES.changedSuccessfully))).toBeInTheDocument();
  });

  it("reads the status through the toggle's own function where the row keeps it otherwise", () => {
    // The row's own `status` says DISABLED; the record's state, read its way, is enabled.
    renderCell(MENU, {
      toggle: {
        code: 'resource:status',
        subject: () => 'webhook',
        status: () => 'ENABLED',
        onToggle: vi.fn(),
      },
    });
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
  });

  it('shows the toggle disabled without its code', () => {
    renderCell(CATEGORY, {
      toggle: { code: 'resource:status', subject: () => 'category', onToggle: vi.fn() },
    });
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();
  });

  it('offers further row actions in the menu, each gated by its code', async () => {
    const user = userEvent.setup({ delay: null });
    const reset = vi.fn();
    const sessions = vi.fn();
    renderCell(CATEGORY, {
      editable: false,
      allows: (code) => code === 'user:update',
      rowActions: [
        { key: 'reset', label: 'Reset password', code: 'user:update', onClick: reset },
        { key: 'sessions', label: 'Sessions', onClick: sessions },
        { key: 'grants', label: 'Grants', code: 'role:update', onClick: vi.fn() },
        { key: 'never', label: 'Hidden', onClick: vi.fn(), hiddenFor: () => true },
      ],
    });
    expect((await menuItems(user)).map((item) => item.textContent)).toEqual([
      'Reset password',
      'Sessions',
      'Grants',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Grants' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Reset password' }));
    expect(reset).toHaveBeenCalledExactlyOnceWith(CATEGORY);
  });

  it('asks before Delete, deletes the row and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const onDelete = vi.fn(async () => {});
    const { column } = renderCell(MENU, { remove: { code: 'user:delete', subject: 'user', onDelete } }, [
      'user:delete',
    ]);
    expect(column.width).toBe(180);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this user?')).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(MENU);
    expect(await screen.findByText(DELETED_SUCCESSFULLY)).toBeInTheDocument();
  });

  it('shows Delete disabled without its code', () => {
    renderCell(MENU, { remove: { code: 'user:delete', subject: 'user', onDelete: vi.fn() } });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('on a locked row, disables what would change it, titled with the reason', async () => {
    const user = userEvent.setup({ delay: null });
    const reason = 'The built-in Administrator role cannot be changed or deleted.';
    renderCell(
      CATEGORY,
      {
        lockedFor: () => reason,
        allows: () => true,
        rowActions: [
          { key: 'grants', label: 'Grants', code: 'role:update', onClick: vi.fn(), changes: true },
          { key: 'preview', label: 'Preview', onClick: vi.fn() },
        ],
        toggle: { code: 'role:status', subject: () => 'role', onToggle: vi.fn() },
        remove: { code: 'role:delete', subject: 'role', onDelete: vi.fn() },
      },
      ['role:status', 'role:delete'],
    );
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('title', reason);
    await menuItems(user);
    for (const name of ['Edit', 'Grants']) {
      const item = screen.getByRole('menuitem', { name });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(within(item).getByTitle(reason)).toBeInTheDocument();
    }
    for (const name of ['Detail', 'Preview']) {
      expect(screen.getByRole('menuitem', { name })).not.toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('leaves out what the role can never do on the screen (the per-route check), whatever the codes', async () => {
    const user = userEvent.setup({ delay: null });
    const codes = ['resource:status', 'resource:delete', 'resource:reset'];
    renderCell(
      MENU,
      {
        createFromRow: [{ key: 'add-menu', label: 'Add menu', mode: 'CREATE_MENU' }],
        toggle: { code: 'resource:status', subject: () => 'menu', onToggle: vi.fn() },
        remove: { code: 'resource:delete', subject: 'menu', onDelete: vi.fn() },
        rowActions: [
          { key: 'reset', label: 'Reset', onClick: vi.fn(), code: 'resource:reset', changes: true },
          { key: 'usage', label: 'Usage', onClick: vi.fn() },
        ],
        allows: (code) => codes.includes(code),
      },
      codes,
      ['retrieve'],
    );
    expect((await menuItems(user)).map((item) => item.textContent)).toEqual(['Detail', 'Usage']);
    expect(screen.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('leaves out what would change a row the user may not change, and keeps what reads it', async () => {
    const user = userEvent.setup({ delay: null });
    const codes = ['user:status', 'user:delete', 'user:update'];
    renderCell(
      CATEGORY,
      {
        changeable: (row) => row.id !== CATEGORY.id,
        allows: (code) => codes.includes(code),
        rowActions: [
          { key: 'reset', label: 'Reset password', code: 'user:update', onClick: vi.fn(), changes: true },
          { key: 'sessions', label: 'Sessions', onClick: vi.fn() },
        ],
        toggle: { code: 'user:status', subject: () => 'user', onToggle: vi.fn() },
        remove: { code: 'user:delete', subject: 'user', onDelete: vi.fn() },
      },
      codes,
    );
    expect((await menuItems(user)).map((item) => item.textContent)).toEqual(['Detail', 'Sessions']);
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
