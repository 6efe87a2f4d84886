import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAntd } from '@/test/render';
import type { Column } from './data-table';
import { emptyCell } from './empty-cell';
import { PagedTable } from './paged-table';

type Row = { acId: string; clientName: string; redirectUrl: string | null; id?: string; url?: string | null };

const columns: Column<Row>[] = [
  { title: 'Name', dataIndex: 'clientName' },
  { title: 'ID', dataIndex: 'id' },
  { title: 'Redirect_url', dataIndex: 'redirectUrl' },
  // The resource URL shows "-" (spec §2), so it brings its own render.
  { title: 'URL', dataIndex: 'url', render: (v: string | null) => v || '-' },
];

const rows: Row[] = [
  { acId: 'a', clientName: 'Portal', redirectUrl: null, id: '', url: null },
  { acId: 'b', clientName: 'Shop', redirectUrl: 'https://shop.example/cb', id: 'shop-1', url: '/x' },
];

function setup(props: Partial<Parameters<typeof PagedTable<Row>>[0]> = {}) {
  const onChange = vi.fn();
  const view = renderAntd(
    <PagedTable<Row>
      label="Clients"
      columns={columns}
      data={rows}
      total={42}
      page={2}
      size={10}
      onChange={onChange}
      rowKey="acId"
      {...props}
    />,
  );
  return { onChange, ...view };
}

describe('emptyCell', () => {
  it('turns null, undefined and the empty string into --', () => {
    expect(emptyCell(null)).toBe('--');
    expect(emptyCell(undefined)).toBe('--');
    expect(emptyCell('')).toBe('--');
  });

  it('keeps every other value, falsy ones included', () => {
    expect(emptyCell('x')).toBe('x');
    expect(emptyCell(0)).toBe(0);
    expect(emptyCell(false)).toBe(false);
  });
});

describe('PagedTable', () => {
  it('shows -- in empty cells unless the column renders its own', () => {
    setup();
    const table = screen.getByRole('table', { name: 'Clients' });
    const [portal, shop] = within(table).getAllByRole('row').slice(1);
    const portalCells = within(portal!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(portalCells).toEqual(['Portal', '--', '--', '-']);
    const shopCells = within(shop!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(shopCells).toEqual(['Shop', 'shop-1', 'https://shop.example/cb', '/x']);
  });

  it('shows the total, the current page and a quick jumper', () => {
    setup();
    expect(screen.getByText('Total 42')).toBeInTheDocument();
    expect(within(screen.getByTitle('2')).getByRole('button')).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByTitle('3')).getByRole('button')).not.toHaveAttribute('aria-current');
    expect(screen.getByTitle('5')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Page' })).toBeInTheDocument();
  });

  it('lays the pager out as total, sizes, prev, pager, next, jumper', () => {
    setup();
    const pager = screen.getByRole('navigation', { name: 'Clients pages' });
    const parts = pager.querySelectorAll('.gh-pager-total, .ant-select, .gh-page, .gh-page-jumper');
    const names = [...parts].map((el) => {
      if (el.classList.contains('gh-pager-total')) return 'total';
      if (el.classList.contains('ant-select')) return 'sizes';
      if (el.getAttribute('title') === 'Previous Page') return 'prev';
      if (el.getAttribute('title') === 'Next Page') return 'next';
      if (el.classList.contains('gh-page')) return 'pager';
      return 'jumper';
    });
    const collapsed = names.filter((name, i) => name !== names[i - 1]);
    expect(collapsed).toEqual(['total', 'sizes', 'prev', 'pager', 'next', 'jumper']);
  });

  it('offers page sizes 10, 20, 50 and 100', async () => {
    const user = userEvent.setup({ delay: null });
    setup();

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));

    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
  });

  it('reports a page change with the same size', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChange } = setup();

    await user.click(within(screen.getByTitle('3')).getByRole('button'));

    expect(onChange).toHaveBeenCalledExactlyOnceWith(3, 10);
  });

  it('goes back to page 1 when the size changes', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChange } = setup();

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await screen.findAllByRole('option');
    await user.click(document.querySelector('.ant-select-item-option[title="20 / page"]')!);

    expect(onChange).toHaveBeenCalledExactlyOnceWith(1, 20);
  });

  it('jumps to a typed page on Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { onChange } = setup();
    const jumper = screen.getByRole('textbox', { name: 'Page' });

    await user.type(jumper, '4{Enter}');

    expect(onChange).toHaveBeenCalledExactlyOnceWith(4, 10);
    expect(jumper).toHaveValue('');
  });

  it('limits the body height when scrollY is given', () => {
    setup({ scrollY: 600 });
    const body = screen.getByRole('table', { name: 'Clients' }).parentElement!;
    expect(body.style.maxHeight).toBe('600px');
  });

  it('shows the empty text when there are no rows', () => {
    setup({ data: [], total: 0, emptyText: 'No clients yet' });
    expect(screen.getByText('No clients yet')).toBeInTheDocument();
  });

  it('passes the tree through: a row with children gets an expander', async () => {
    const user = userEvent.setup({ delay: null });
    const toggle = vi.fn();
    setup({
      data: [{ acId: 'p', clientName: 'Parent', redirectUrl: null, children: [] } as Row],
      tree: { open: [], loading: new Set(), expandIn: 'clientName', toggle, nameOf: (row) => row.clientName },
    });

    await user.click(screen.getByRole('button', { name: 'Expand Parent' }));

    expect(toggle).toHaveBeenCalledWith(expect.objectContaining({ acId: 'p' }), true);
  });

  it('marks the table busy while loading', () => {
    setup({ loading: true });
    expect(screen.getByRole('table', { name: 'Clients' }).closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });
});
