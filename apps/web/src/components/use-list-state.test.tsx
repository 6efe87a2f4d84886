import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchField } from './search-bar';
import { type ListState, type ListStateOptions, useListState } from './use-list-state';

const fields: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'status', label: 'Status', type: 'multi-select', options: [] },
  { name: 'created', label: 'Created', type: 'date' },
];

type Current = { state?: ListState };

/** Hands the hook's latest result to the test. */
function Probe({ options, current }: { options?: ListStateOptions; current: Current }) {
  const state = useListState(options);
  current.state = state;
  return <output>{JSON.stringify({ page: state.page, size: state.size })}</output>;
}

function setup(url: string, options?: ListStateOptions) {
  const current: Current = {};
  const router = createMemoryRouter(
    [{ path: '/app-config/client', element: <Probe options={options} current={current} /> }],
    {
      initialEntries: [url],
    },
  );
  render(<RouterProvider router={router} />);
  const state = () => current.state!;
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, state, search };
}

describe('useListState', () => {
  it('starts on page 1 with the default size', () => {
    const { state } = setup('/app-config/client?appId=portal', { fields });
    expect(state().page).toBe(1);
    expect(state().size).toBe(10);
    expect(state().search).toEqual({});
  });

  it('reads page, size and search from the URL, multi-selects as arrays', () => {
    const { state } = setup(
      '/app-config/client?appId=portal&page=3&size=50&name=web&status=ENABLED&createdFrom=2024%2F01%2F01',
      { fields },
    );
    expect(state().page).toBe(3);
    expect(state().size).toBe(50);
    expect(state().search).toEqual({ name: 'web', status: ['ENABLED'], createdFrom: '2024/01/01' });
  });

  it('falls back to page 1 and the default size for values it does not accept', () => {
    const { state } = setup('/app-config/client?page=0&size=33', { fields });
    expect(state().page).toBe(1);
    expect(state().size).toBe(10);
    const other = setup('/app-config/client?page=abc&size=-5', { fields, defaultSize: 20 });
    expect(other.state().page).toBe(1);
    expect(other.state().size).toBe(20);
  });

  it('writes the page and size, keeping appId and the search', async () => {
    const { state, search } = setup('/app-config/client?appId=portal&name=web', { fields });

    await act(async () => state().setPage(2, 20));

    expect(search().get('appId')).toBe('portal');
    expect(search().get('page')).toBe('2');
    expect(search().get('size')).toBe('20');
    expect(search().get('name')).toBe('web');
    expect(state()).toMatchObject({ page: 2, size: 20, search: { name: 'web' } });

    await act(async () => state().setPage(3));
    expect(state()).toMatchObject({ page: 3, size: 20 });
  });

  it('round-trips a search through the URL, arrays as repeated parameters, back on page 1', async () => {
    const { state, search } = setup('/app-config/client?appId=portal&page=4&size=50&name=old', { fields });

    await act(async () =>
      state().setSearch({
        status: ['ENABLED', 'DISABLED'],
        createdFrom: '2024/01/01',
        createdTo: '2024/01/31',
      }),
    );

    expect(search().getAll('status')).toEqual(['ENABLED', 'DISABLED']);
    expect(search().get('name')).toBeNull();
    expect(search().get('page')).toBeNull();
    expect(search().get('size')).toBe('50');
    expect(search().get('appId')).toBe('portal');
    expect(state()).toMatchObject({
      page: 1,
      size: 50,
      search: { status: ['ENABLED', 'DISABLED'], createdFrom: '2024/01/01', createdTo: '2024/01/31' },
    });
  });

  it('makes each change a history entry, so Back restores the previous list', async () => {
    const { router, state } = setup('/app-config/client?appId=portal', { fields });

    await act(async () => state().setSearch({ name: 'web' }));
    await act(async () => state().setPage(2, 10));
    expect(state()).toMatchObject({ page: 2, search: { name: 'web' } });

    await act(async () => router.navigate(-1));
    expect(state()).toMatchObject({ page: 1, search: { name: 'web' } });
    await act(async () => router.navigate(-1));
    expect(state()).toMatchObject({ page: 1, search: {} });
    expect(router.state.location.search).toBe('?appId=portal');
  });

  it('reset clears the search and the page but keeps appId and the size', async () => {
    const { state, search } = setup(
      '/app-config/client?appId=portal&page=2&size=20&keyword=x&status=ENABLED',
      {
        fields,
      },
    );

    await act(async () => state().reset());

    expect(search().toString()).toBe('appId=portal&size=20');
    expect(state()).toMatchObject({ page: 1, size: 20, search: {} });
  });

  it('without fields, treats every parameter but page, size and appId as search', () => {
    const { state } = setup(
      '/app-config/client?appId=portal&page=2&keyword=x&type=MENU&type=ELEMENT&status=ENABLED',
    );
    expect(state().search).toEqual({ keyword: 'x', type: ['MENU', 'ELEMENT'], status: 'ENABLED' });
  });

  it('with fields, leaves parameters they do not write alone', async () => {
    const { state, search } = setup('/app-config/client?appId=portal&tab=secrets&name=a', { fields });
    expect(state().search).toEqual({ name: 'a' });

    await act(async () => state().setSearch({ name: 'b' }));
    expect(search().get('tab')).toBe('secrets');
    expect(search().get('name')).toBe('b');
  });

  it('keeps the same search object while the URL does not change', async () => {
    const { state } = setup('/app-config/client?appId=portal&name=a', { fields });
    const before = state().search;
    await act(async () => {});
    expect(state().search).toBe(before);
    expect(screen.getByRole('status')).toHaveTextContent('"page":1');
  });
});
