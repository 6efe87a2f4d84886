import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderAntd } from '@/test/render';
import { PagedTable } from './paged-table';
import { RowActions } from './row-actions';
import { SearchBar, type SearchField } from './search-bar';
import { StatusTag } from './status-tag';
import { useListState } from './use-list-state';

type Client = { acId: string; clientName: string; status: string; redirectUrl: string | null };

const fields: SearchField[] = [
  { name: 'clientName', label: 'Name', type: 'text' },
  {
    name: 'status',
    label: 'Status',
    type: 'multi-select',
    options: [
      { label: 'ENABLED', value: 'ENABLED' },
      { label: 'DISABLED', value: 'DISABLED' },
    ],
  },
];

const rows: Client[] = [{ acId: '1', clientName: 'Portal', status: 'ENABLED', redirectUrl: null }];

/** How a list screen wires the pieces together: the URL holds the state, the parts render it. */
function ClientList() {
  const list = useListState({ fields });
  return (
    <>
      <SearchBar fields={fields} value={list.search} onSearch={list.setSearch} onReset={list.reset} />
      <PagedTable<Client>
        label="Clients"
        rowKey="acId"
        columns={[
          {
            title: 'Action',
            key: 'action',
            render: () => <RowActions items={[{ key: 'detail', label: 'Detail', onClick: () => {} }]} />,
          },
          { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: 'Name', dataIndex: 'clientName' },
          { title: 'Redirect_url', dataIndex: 'redirectUrl' },
        ]}
        data={rows}
        total={35}
        page={list.page}
        size={list.size}
        onChange={list.setPage}
      />
    </>
  );
}

describe('components together', () => {
  it('keeps a list screen’s search and paging in the URL next to appId', async () => {
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter([{ path: '/app-config/client', element: <ClientList /> }], {
      initialEntries: ['/app-config/client?appId=portal'],
    });
    renderAntd(<RouterProvider router={router} />);
    const search = () => new URLSearchParams(router.state.location.search);

    const pageButton = (page: string) => within(screen.getByTitle(page)).getByRole('button');
    await user.click(pageButton('3'));
    expect(search().toString()).toBe('appId=portal&page=3&size=10');

    await user.type(screen.getByRole('textbox', { name: 'Search All' }), 'port{Enter}');
    expect(search().toString()).toBe('appId=portal&size=10&keyword=port');
    expect(pageButton('1')).toHaveAttribute('aria-current', 'page');

    const row = within(screen.getByRole('table', { name: 'Clients' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('ENABLED')).toHaveClass('gh-tag-green');
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent('--');

    await act(async () => router.navigate(-1));
    expect(search().toString()).toBe('appId=portal&page=3&size=10');
    expect(screen.getByRole('textbox', { name: 'Search All' })).toHaveValue('');
  });
});
