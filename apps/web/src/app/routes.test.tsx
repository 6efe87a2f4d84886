import {
  formatMessage,
  HTTP_STATUS_MESSAGES,
  pageTitle,
  type ServerMenuItem,
  STORAGE_KEYS,
} from '@gatehouse/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { consoleMenus, serverMenu } from '@/test/menus';
import { type StubCall, stubHttp } from '@/test/support';
import { browserLocation } from '../lib/browser';
import { storage } from '../lib/storage';
import { Providers } from './providers';
import { routeGenerator } from './route-generation';
import { buildRoutes } from './router';
import {
  CONSOLE_ROUTES,
  PUBLIC_ROUTES,
  toAppConfig,
  toLogin,
  toWorkflowDetail,
  toWorkflowDvfDetail,
} from './routes';

const ALL_ROUTES = [...PUBLIC_ROUTES, ...CONSOLE_ROUTES];
const titleOf = (path: string) => ALL_ROUTES.find((r) => r.path === path)?.meta.title;

/** Spec §2, written out by hand so that a change to the contract's navigation shows up here. */
const SPEC_TITLES: Record<string, string> = {
  '/login': 'Login',
  '/forget': 'Forget password',
  '/oauth': 'OAuth',
  '/reset-password': 'Reset Password',
  '/initial-password': 'Initial Password',
  '/overdue': 'Overdue Password',
  '/dashboard': 'Home',
  '/account-setting': 'Account Setting',
  '/account-setting/security': 'Account Security Setting',
  '/profile-page': 'Profile',
  '/admin-setting/detail': 'Product Detail',
  '/admin-setting/data-dict': 'Data Dictionary',
  '/admin-setting/am-bucket': 'Bucket',
  '/admin-setting/am-space': 'Space',
  '/admin-setting/provider': 'Provider',
  '/notification/message': 'Message',
  '/app-config/data-access': 'App Data Accesss',
  '/app-config/permission': 'App Permission',
  '/app-config/client': 'App Client',
  '/app-config/resource': 'App Resource',
};

const SPEC_AREA_PATHS = [
  'application',
  'product',
  'detail',
  'manage-user',
  'manage-user-V2',
  'manage-group',
  'manage-group-v2',
  'manage-role',
  'manage-organization',
  'edit-organization',
  'manage-policy',
  'policy-mapping',
  'data-dict',
  'workflow',
  'workflow-detail/:mode/:name',
  'workflow-dvf',
  'workflow-dvf-detail/:id/:mode',
  'templateService',
  'templateService-detail',
  'audit-log',
  'am-bucket',
  'am-space',
  'provider',
].map((p) => `/admin-setting/${p}`);

const USER = {
  userId: 'u1',
  username: 'ada',
  name: 'Ada',
  avatar: null,
  mustChangePassword: false,
  role: { id: 'r1', name: 'Reader', permissions: [] },
  roles: ['Reader'],
};

function signIn(user: Record<string, unknown> = {}) {
  storage.set(STORAGE_KEYS.accessToken, 'token');
  storage.set(STORAGE_KEYS.currentUser, { ...USER, ...user });
}

async function landing(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  await waitFor(
    () => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true),
    {
      timeout: 10_000,
    },
  );
  const { pathname, search } = router.state.location;
  router.dispose();
  return `${pathname}${search}`;
}

/** The server's menus call answers `menus`, or fails with `status`; anything else is a 404. */
function serveMenus(menus: ServerMenuItem[] | { status: number }) {
  return stubHttp((call: StubCall) => {
    if (call.url === '/admin-service/user/current') return { data: USER };
    if (call.url !== '/oauth2-server/authorization/menus') return undefined;
    return Array.isArray(menus)
      ? { data: menus }
      : { status: menus.status, data: { code: 'X', message: 'x' } };
  });
}

let server: ReturnType<typeof serveMenus>;

beforeEach(() => {
  server = serveMenus(consoleMenus());
});

afterEach(() => {
  server.restore();
  routeGenerator.reset();
  queryClient.clear();
  vi.restoreAllMocks();
});

function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('route table', () => {
  it('has every titled route of spec §2 with its title', () => {
    for (const [path, title] of Object.entries(SPEC_TITLES)) expect(titleOf(path), path).toBe(title);
    expect(titleOf('/auth')).toBeDefined();
  });

  it('has every application-area route of spec §2', () => {
    for (const path of SPEC_AREA_PATHS) expect(titleOf(path), path).toEqual(expect.any(String));
  });

  it('has unique paths', () => {
    const paths = ALL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('shows /reset-password and /initial-password with the same page', () => {
    const reset = PUBLIC_ROUTES.find((r) => r.path === '/reset-password');
    const initial = PUBLIC_ROUTES.find((r) => r.path === '/initial-password');
    expect(reset?.lazy).toBe(initial?.lazy);
  });

  it('carries keepAlive and the dotted permission id on console routes', () => {
    const client = CONSOLE_ROUTES.find((r) => r.path === '/app-config/client');
    expect(client?.meta).toMatchObject({ keepAlive: true, permissionId: 'app-config.client' });
    const detail = CONSOLE_ROUTES.find((r) => r.path === '/admin-setting/workflow-detail/:mode/:name');
    expect(detail?.meta.keepAlive).toBe(false);
    expect(PUBLIC_ROUTES.every((r) => r.meta.keepAlive === false)).toBe(true);
  });

  it('loads every screen lazily', async () => {
    const flatten = (routes: ReturnType<typeof buildRoutes>): ReturnType<typeof buildRoutes> =>
      routes.flatMap((r) => [r, ...flatten(r.children ?? [])]);
    const screens = flatten(buildRoutes()).filter((r) => r.handle);
    expect(screens.length).toBe(ALL_ROUTES.length);
    for (const route of screens) {
      expect(route.Component, String(route.path)).toBeUndefined();
      expect(typeof route.lazy, String(route.path)).toBe('function');
    }
    const login = await PUBLIC_ROUTES.find((r) => r.path === '/login')!.lazy();
    expect(typeof login.Component).toBe('function');
  });

  it('builds paths with parameters', () => {
    expect(toWorkflowDetail({ mode: 'edit', name: 'on boarding' })).toBe(
      '/admin-setting/workflow-detail/edit/on%20boarding',
    );
    expect(toWorkflowDvfDetail({ id: '7', mode: 'view' })).toBe('/admin-setting/workflow-dvf-detail/7/view');
    expect(toAppConfig('client', { appId: 'platform' })).toBe('/app-config/client?appId=platform');
    expect(toLogin({ isInterception: true })).toBe('/login?isInterception=1');
    expect(toLogin({ redirect: '/app-config/client?appId=a' })).toBe(
      '/login?redirect=%2Fapp-config%2Fclient%3FappId%3Da',
    );
  });

  it('formats page titles as "<title> - Gatehouse"', () => {
    expect(pageTitle('Home')).toBe('Home - Gatehouse');
    expect(pageTitle('App Client')).toBe('App Client - Gatehouse');
  });
});

describe('navigation', () => {
  it.each([
    ['/', '/dashboard'],
    ['/notification', '/notification/message'],
    ['/admin-setting', '/admin-setting/product'],
    ['/app-config', '/app-config/client'],
    ['/app-config?appId=demo', '/app-config/client?appId=demo'],
    ['/error', '/error/404'],
    ['/no/such/page', '/error/404'],
    ['/admin-setting/no-such-screen?x=1', '/error/404'],
  ])('%s goes to %s', async (from, to) => {
    signIn();
    expect(await landing(from)).toBe(to);
  });

  it('sends a visitor without a session to sign in, keeping where they were going', async () => {
    expect(await landing('/app-config/client?appId=a')).toBe(
      '/login?redirect=%2Fapp-config%2Fclient%3FappId%3Da',
    );
    expect(await landing('/')).toBe('/login?redirect=%2Fdashboard');
  });

  it('sends a user who must change the password to /initial-password', async () => {
    signIn({ mustChangePassword: true });
    expect(await landing('/dashboard')).toBe('/initial-password');
  });

  it('leaves the app for the SAML consumer with the SSO login type only', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await landing('/auth');
    expect(assign).not.toHaveBeenCalled();
    await landing('/auth?loginType=GatehouseSSO');
    expect(assign).toHaveBeenCalledExactlyOnceWith('/saml2/authenticate/consumer');
  });

  it('sets the document title from the route', async () => {
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/forget'] });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(
      await screen.findByText(/enter your username or email address/i, {}, { timeout: 10_000 }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Forget password - Gatehouse'));
  });

  it('shows a 404 page with a way home', async () => {
    signIn();
    const router = renderApp('/nowhere');
    expect(await screen.findByText('404', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/error/404');
  });
});

describe('routes generated from the menus (spec §4)', () => {
  const clientOnly = () => consoleMenus((path) => path === '/app-config/client');

  it('lands on a granted screen', async () => {
    signIn();
    server.restore();
    server = serveMenus(clientOnly());
    expect(await landing('/app-config/client?appId=a')).toBe('/app-config/client?appId=a');
  });

  it('shows the 403 page for a typed URL the menus do not grant, and calls nothing of the screen', async () => {
    signIn();
    server.restore();
    server = serveMenus(clientOnly());
    const router = renderApp('/app-config/resource?appId=portal');
    expect(
      await screen.findByText(formatMessage(HTTP_STATUS_MESSAGES[403]!), {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText('403', { selector: '.ant-result-title' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/dashboard');
    expect(router.state.location.pathname).toBe('/app-config/resource');
    await waitFor(() => expect(document.title).toBe('403 - Gatehouse'));
    // The menus, and what the shell asks for itself; nothing of the resource screen.
    expect(server.calls.map((c) => c.url).filter((url) => url.includes('resource'))).toEqual([]);
  });

  it('always allows /dashboard and the account pages', async () => {
    signIn();
    server.restore();
    server = serveMenus([]);
    expect(await landing('/dashboard')).toBe('/dashboard');
    expect(await landing('/profile-page')).toBe('/profile-page');
    expect(await landing('/account-setting/security')).toBe('/account-setting/security');
  });

  it('sends the user to /dashboard when the menus call fails', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.restore();
    server = serveMenus({ status: 500 });
    expect(await landing('/app-config/client')).toBe('/dashboard');
  });

  it('opens a menu an administrator added on the "not available yet" page, titled with its name', async () => {
    signIn();
    server.restore();
    server = serveMenus([
      ...clientOnly(),
      serverMenu('/reports', 'Reports', { children: [serverMenu('/reports/sales', 'Sales')] }),
    ]);
    renderApp('/reports/sales');
    expect(await screen.findByText('This area is not available yet.', {}, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByText('Sales', { selector: '.gh-panel-title' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Sales - Gatehouse'));
  });
});
