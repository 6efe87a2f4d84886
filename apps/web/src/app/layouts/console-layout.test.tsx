import { ROUTE_GENERATION_DEBOUNCE_MS, type ServerMenuItem, STORAGE_KEYS } from '@gatehouse/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PreparedRequest, setTransport } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { storage } from '@/lib/storage';
import { consoleMenus } from '@/test/menus';
import { Providers } from '../providers';
import { routeGenerator } from '../route-generation';
import { GatedScreen, screenLoader } from '../screen-gate';
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

/** The server; `menus` answers the menus call, and can change between calls. */
function serve(menus: () => ServerMenuItem[] | 'fail' = () => MENUS) {
  const calls: PreparedRequest[] = [];
  setTransport(async (request) => {
    calls.push(request);
    if (request.url === '/oauth2-server/authorization/menus') {
      const answer = menus();
      return answer === 'fail' ? { status: 503, data: {} } : { status: 200, data: answer };
    }
    return { status: 200, data: request.url === '/admin-service/user/current' ? USER : { ok: true } };
  });
  return calls;
}

function ClientScreen() {
  return <p>Client screen</p>;
}

function renderShell(path = '/dashboard') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: ConsoleLayout,
        children: [
          { path: 'dashboard', element: <p>Home screen</p> },
          {
            path: 'app-config/client',
            loader: screenLoader('/app-config/client', async () => ({ Component: ClientScreen })),
            Component: GatedScreen,
          },
        ],
      },
      { path: '/login', element: <p>Login screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => {
  setTransport();
  queryClient.clear();
  routeGenerator.reset();
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
    expect(calls.some((c) => c.url === '/oauth2-server/logout' && c.method === 'POST')).toBe(true);
    expect(storage.get(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.get(STORAGE_KEYS.currentUser)).toBeNull();
  });

  it('opens a menu an administrator pointed outside in a new tab, and leaves out a javascript: one', async () => {
    serve(() => [
      item('', 'Links', {
        children: [
          item('https://status.example.com/', 'Status page'),
          item('javascript:alert(document.cookie)', 'Trap'),
          item('/reports/sales', 'Sales'),
        ],
      }),
    ]);
    storage.set(STORAGE_KEYS.accessToken, 'tok');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const status = await within(nav).findByRole('link', { name: 'Status page' });
    expect(status).toHaveAttribute('href', 'https://status.example.com/');
    expect(status).toHaveAttribute('target', '_blank');
    expect(status).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(nav).getByRole('menuitem', { name: 'Sales' })).toBeInTheDocument();
    expect(within(nav).queryByText('Trap')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'javascript:alert(document.cookie)');
  });

  it('follows a changed menus answer once the debounce is over: the revoked screen turns into the 403 page', async () => {
    let menus = consoleMenus((path) => path === '/app-config/client');
    serve(() => menus);
    storage.set(STORAGE_KEYS.accessToken, 'tok');
    storage.set(STORAGE_KEYS.currentUser, USER);
    renderShell('/app-config/client');
    expect(await screen.findByText('Client screen')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('menuitem', { name: /App Client/ })).toBeInTheDocument();

    // An administrator takes the screen away; the shell learns it on its next menus call.
    menus = consoleMenus((path) => path === '/app-config/resource');
    const changedAt = Date.now();
    await act(() => queryClient.invalidateQueries({ queryKey: ['authorization-menus'] }));
    // The page's own 403 (the tab bar may name the screen 403 as well).
    expect(
      await within(screen.getByRole('main')).findByText('403', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(ROUTE_GENERATION_DEBOUNCE_MS - 50);
    expect(screen.queryByText('Client screen')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('menuitem', { name: /App Client/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('menuitem', { name: /App Resource/ })).toBeInTheDocument();
  });

  it('sends the user to /dashboard when the menus call fails, and offers to try again', async () => {
    let menus: ServerMenuItem[] | 'fail' = 'fail';
    serve(() => menus);
    storage.set(STORAGE_KEYS.accessToken, 'tok');
    storage.set(STORAGE_KEYS.currentUser, USER);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderShell('/app-config/client');
    // A 5xx is tried once more, a second later, before it counts as failed.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5_000 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const retry = await within(nav).findByRole('button', { name: 'Retry' }, { timeout: 5_000 });
    menus = MENUS;
    await userEvent.setup({ delay: null }).click(retry);
    expect(await within(nav).findByRole('menuitem', { name: /App Client/ })).toBeInTheDocument();
  });
});
