import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerMenuItem, STORAGE_KEYS } from '@gatehouse/contract';
import { http } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { storage } from '@/lib/storage';
import { Providers } from '../providers';
import { ConsoleLayout } from './console-layout';

const USER = {
  userId: 'u1',
  username: 'admin',
  name: 'Ada Admin',
  avatar: null,
  mustChangePassword: false,
  role: { id: 'r1', name: 'Admin', permissions: [] },
  roles: ['admin'],
};

const item = (menuPath: string, menuName: string, extra: Partial<ServerMenuItem> = {}): ServerMenuItem => ({
  menuPath,
  menuName,
  icon: null,
  hidden: false,
  elements: [],
  children: [],
  ...extra,
});

const MENUS: ServerMenuItem[] = [
  item('', 'App Configuration', {
    icon: 'SettingOutlined',
    children: [
      item('/app-config/client', 'App Client', { icon: 'ApiOutlined' }),
      item('/admin-setting/detail', 'Product Detail', { hidden: true }),
    ],
  }),
];

function serve() {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const data =
      config.url === '/oauth2-server/authorization/menus'
        ? MENUS
        : config.url === '/admin-service/user/current'
          ? USER
          : { ok: true };
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return calls;
}

function renderShell() {
  const router = createMemoryRouter(
    [
      { path: '/', Component: ConsoleLayout, children: [{ path: 'dashboard', element: <p>Home screen</p> }] },
      { path: '/app-config/client', element: <p>Client screen</p> },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => {
  http.defaults.adapter = undefined;
  queryClient.clear();
});

describe('ConsoleLayout', () => {
  it('builds the navigation from the server menus, without hidden ones', async () => {
    serve();
    storage.set(STORAGE_KEYS.accessToken, 'tok');
    const router = renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const client = await within(nav).findByRole('menuitem', { name: /App Client/ });
    expect(within(nav).getByText('App Configuration')).toBeInTheDocument();
    expect(within(nav).queryByText('Product Detail')).not.toBeInTheDocument();
    expect(screen.getByText('Home screen')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(client);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app-config/client'));
  });

  it('shows the user and signs out through the server', async () => {
    const calls = serve();
    storage.set(STORAGE_KEYS.accessToken, 'tok');
    storage.set(STORAGE_KEYS.currentUser, USER);
    const router = renderShell();
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Sign out/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.url === '/oauth2-server/logout' && c.method === 'post')).toBe(true);
    expect(storage.get(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.get(STORAGE_KEYS.currentUser)).toBeNull();
  });
});
