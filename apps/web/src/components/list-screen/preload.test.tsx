import { queryOptions } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderScreen } from '@/test/support';
import type { SearchField } from '../search-bar';
import type { ListQuery } from './list-query';
import { ListScreen } from './list-screen';
import { listPreload } from './preload';

type Row = { id: string; name: string };
type Scope = { appId: string };
const PATH = '/app-config/permission';
const FIELDS: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'type', label: 'Type', type: 'multi-select', options: [] },
];

function things() {
  const fetchRows = vi.fn(async (_params: ListQuery & Scope) => ({
    items: [{ id: 'a', name: 'Alpha' }],
    total: 41,
  }));
  const rows = (params: ListQuery & Scope) =>
    queryOptions({ queryKey: ['things', params], queryFn: () => fetchRows(params) });
  const preload = listPreload({
    rows,
    fields: FIELDS,
    scopeOf: (url) => {
      const appId = url.searchParams.get('appId');
      return appId ? { appId } : undefined;
    },
  });
  return { fetchRows, rows, preload };
}

afterEach(() => {
  queryClient.clear();
});

describe('listPreload', () => {
  it('asks for the page the URL names, which the screen then shows without asking again', async () => {
    const { fetchRows, rows, preload } = things();
    const url = `${PATH}?appId=a1&page=3&size=20&name=al&type=MENU`;
    preload(new URL(url, 'http://localhost'));
    expect(fetchRows).toHaveBeenCalledWith({
      appId: 'a1',
      page: 3,
      size: 20,
      search: { name: 'al', type: ['MENU'] },
    });

    renderScreen(
      <ListScreen<Row, { name: string }, Scope>
        title="Things"
        names={{ one: 'thing', many: 'things' }}
        scope={{ appId: 'a1' }}
        fields={FIELDS}
        list="clients"
        audit={{ entity: 'application-client' }}
        rows={rows}
        rowKey="id"
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        create={{ code: 'thing:create', save: vi.fn() }}
        form={() => null}
      />,
      { url, path: PATH, queryClient },
    );
    expect(await screen.findByText('Alpha')).toBeVisible();
    expect(fetchRows).toHaveBeenCalledOnce();
  });

  it('asks for nothing when the URL names no scope', () => {
    const { fetchRows, preload } = things();
    preload(new URL(`${PATH}?page=2`, 'http://localhost'));
    expect(fetchRows).not.toHaveBeenCalled();
  });
});
