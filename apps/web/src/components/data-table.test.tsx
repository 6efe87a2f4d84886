import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, type TableTree } from './data-table';

type Node = { key: string; name: string; url: string | null; children?: Node[] };

const columns: Column<Node>[] = [
  { title: 'Name', dataIndex: 'name', ellipsis: true },
  { title: 'URL', dataIndex: 'url', render: (url: string | null) => url ?? '-' },
  { title: 'Secret', dataIndex: 'key', hidden: true },
];

const settings: Node = {
  key: 's',
  name: 'Settings',
  url: null,
  children: [{ key: 's-users', name: 'Users', url: '/users' }],
};
const leaf: Node = { key: 'h', name: 'Help', url: '/help' };

function tree(overrides: Partial<TableTree<Node>> = {}): TableTree<Node> {
  return {
    open: [],
    loading: new Set(),
    expandIn: 'name',
    toggle: vi.fn(),
    nameOf: (n) => n.name,
    ...overrides,
  };
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Resources' }))
    .getAllByRole('row')
    .slice(1);

describe('DataTable', () => {
  it('draws the shown columns only, with their renders, and a cut cell carries its text as title', () => {
    render(<DataTable<Node> label="Resources" columns={columns} rows={[leaf]} rowKey="key" />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'URL']);
    // Without resize handles, a header is named by its content as any other (a form's field
    // labelled Code beside the table is the only thing labelled Code).
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-label');
    const [help] = bodyRows();
    const cells = within(help!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Help', '/help']);
    expect(cells[0]).toHaveAttribute('title', 'Help');
    expect(cells[1]).not.toHaveAttribute('title');
  });

  it('keeps a floor under the columns without a width, so that a narrow space scrolls instead', () => {
    const { rerender } = render(
      <DataTable<Node>
        label="Resources"
        columns={[...columns, { title: 'Key', dataIndex: 'key', width: 200 }]}
        rows={[leaf]}
        rowKey="key"
      />,
    );
    // Name and URL at 120 each, and Key's 200; the hidden column counts for nothing.
    expect(screen.getByRole('table', { name: 'Resources' }).style.minWidth).toBe('440px');
    rerender(
      <DataTable<Node>
        label="Resources"
        columns={[...columns, { title: 'Key', dataIndex: 'key', width: '30%' }]}
        rows={[leaf]}
        rowKey="key"
      />,
    );
    expect(screen.getByRole('table', { name: 'Resources' }).style.minWidth).toBe('');
    // Without a cut column the table lays itself out by its content.
    rerender(<DataTable<Node> label="Resources" columns={[columns[1]!]} rows={[leaf]} rowKey="key" />);
    expect(screen.getByRole('table', { name: 'Resources' }).style.minWidth).toBe('');
  });

  it('shows a closed node with an expander, a leaf with none, and asks to open the node', async () => {
    const user = userEvent.setup({ delay: null });
    const t = tree();
    render(
      <DataTable<Node> label="Resources" columns={columns} rows={[settings, leaf]} rowKey="key" tree={t} />,
    );
    expect(bodyRows()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Expand Help' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Expand Settings' }));

    expect(t.toggle).toHaveBeenCalledExactlyOnceWith(settings, true);
  });

  it('draws an open node’s children under it, stepped in, and its expander closes it', () => {
    render(
      <DataTable<Node>
        label="Resources"
        columns={columns}
        rows={[settings, leaf]}
        rowKey="key"
        tree={tree({ open: ['s'] })}
      />,
    );
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Settings',
      'Users',
      'Help',
    ]);
    const collapse = screen.getByRole('button', { name: 'Collapse Settings' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    const child = bodyRows()[1]!;
    expect(child.querySelector<HTMLElement>('.gh-table-indent')!.style.width).toBe('15px');
  });

  it('shows a spinner instead of the expander while a node’s children load', () => {
    render(
      <DataTable<Node>
        label="Resources"
        columns={columns}
        rows={[settings]}
        rowKey="key"
        tree={tree({ open: ['s'], loading: new Set(['s']) })}
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading children' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Settings/ })).toBeNull();
  });

  it('says so when there are no rows, and shows nothing but the spinner while they load', () => {
    const { rerender } = render(
      <DataTable<Node> label="Resources" columns={columns} rows={[]} rowKey="key" />,
    );
    expect(screen.getByText('No data')).toBeInTheDocument();

    rerender(<DataTable<Node> label="Resources" columns={columns} rows={[]} rowKey="key" loading />);
    expect(screen.queryByText('No data')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });
  it('names a header by its title, and steps a column by every arrow key pressed, however fast', () => {
    const onResize = vi.fn();
    // The layout keeps what the handle hands on, as the user's preferences do.
    function Kept() {
      const [widths, setWidths] = useState<Record<string, number>>({});
      return (
        <DataTable<Node>
          label="Resources"
          columns={[{ title: 'Name', dataIndex: 'name', width: 200 }, columns[1]!]}
          rows={[leaf]}
          rowKey="key"
          layout={{
            hidden: [],
            widths,
            onResize: (id, width) => {
              onResize(id, width);
              setWidths((w) => ({ ...w, [id]: width }));
            },
          }}
        />
      );
    }
    render(<Kept />);
    // Not "Name Resize Name": the handle inside the header has a label of its own.
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    const handle = screen.getByRole('separator', { name: 'Resize Name' });
    const key = (type: string) => new KeyboardEvent(type, { key: 'ArrowRight', bubbles: true });
    // Four presses before the table draws again; each steps on from the one before.
    act(() => {
      for (let i = 0; i < 4; i++) handle.dispatchEvent(key('keydown'));
    });
    act(() => {
      handle.dispatchEvent(key('keyup'));
    });
    expect(onResize).toHaveBeenCalledExactlyOnceWith('name', 264);
    expect(handle).toHaveAttribute('aria-valuenow', '264');
  });
});
