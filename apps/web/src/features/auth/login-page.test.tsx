import { FEDERATION_MESSAGES, formatMessage, MESSAGES, STORAGE_KEYS } from '@gatehouse/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setTransport } from '@/lib/http';
import { storage } from '@/lib/storage';
import { errorBody, stubHttp, TestProviders } from '@/test/support';
import { LoginPage } from './login-page';

const USER = {
  userId: 'u1',
  username: 'admin',
  name: 'Administrator',
  avatar: null,
  mustChangePassword: false,
  role: { id: 'r1', name: 'Admin', permissions: [] },
  roles: ['admin'],
};

/**
 * Answers the sign-in call with `status` and `data` (the identity providers' list, which the
 * page asks for beside, with none), and gives what the sign-in was sent.
 */
function answer(status: number, data: unknown) {
  const providers = (url: string) => url.endsWith('/federation/providers');
  const { calls } = stubHttp((call) => (providers(call.url) ? { status: 200, data: [] } : { status, data }));
  return () => calls.filter((call) => !providers(call.url));
}

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/initial-password', element: <h1>Set a new password</h1> },
      { path: '/app-config/client', element: <h1>Clients</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
}

afterEach(() => {
  setTransport();
});

describe('LoginPage', () => {
  it('shows "This item is required" under both fields on an empty submit', async () => {
    const sent = answer(200, {});
    renderLogin();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByText(formatMessage(MESSAGES.required))).toHaveLength(2));
    expect(sent()).toHaveLength(0);
  });

  it('shows the server message for wrong credentials and stays', async () => {
    answer(401, errorBody('UNAUTHENTICATED', MESSAGES.invalidCredentials));
    const router = renderLogin();
    await fillAndSubmit('admin', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(MESSAGES.invalidCredentials));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the rate-limit message on 429', async () => {
    answer(429, errorBody('RATE_LIMITED', MESSAGES.tooManyAttempts));
    renderLogin();
    await fillAndSubmit('admin', 'again');
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(MESSAGES.tooManyAttempts));
  });

  it('stores the session for seven days and goes to the redirect target', async () => {
    const sent = answer(200, { code: 0, message: 'ok', result: { token: 'tok-1', userInfo: USER } });
    const before = Date.now();
    const router = renderLogin('/login?redirect=%2Fapp-config%2Fclient');
    await fillAndSubmit('admin', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app-config/client'));
    expect(sent()[0]?.body).toEqual({
      username: 'admin',
      password: 'correct horse battery',
    });
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('tok-1');
    expect(storage.get(STORAGE_KEYS.currentUser)).toMatchObject({ name: 'Administrator' });
    const expire = JSON.parse(localStorage.getItem('GATEHOUSE_ACCESS-TOKEN') ?? '{}').expire as number;
    expect(expire - before).toBeGreaterThanOrEqual(604_800_000);
    expect(expire - Date.now()).toBeLessThanOrEqual(604_800_000);
  });

  it('ignores a redirect to another origin', async () => {
    answer(200, { code: 0, message: 'ok', result: { token: 'tok', userInfo: USER } });
    const router = renderLogin('/login?redirect=%2F%2Fevil.example');
    await fillAndSubmit('admin', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('offers a button for each identity provider, which starts its sign-in with the redirect', async () => {
    stubHttp((call) =>
      call.url.endsWith('/federation/providers')
        ? { status: 200, data: [{ providerId: 'p1', name: 'Okta', type: 'oidc' }] }
        : undefined,
    );
    renderLogin('/login?redirect=%2Fapp-config%2Fclient');
    const button = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(button).toHaveAttribute(
      'href',
      '/api/oauth2-server/federation/p1/start?redirect=%2Fapp-config%2Fclient',
    );
  });

  it('exchanges the handoff of a sign-in through a provider once, and signs in', async () => {
    const { calls } = stubHttp((call) =>
      call.url.endsWith('/federation/exchange')
        ? { status: 200, data: { code: 0, message: 'ok', result: { token: 'tok-sso', userInfo: USER } } }
        : { status: 200, data: [] },
    );
    const router = renderLogin('/login?sso=h-1&redirect=%2Fapp-config%2Fclient');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app-config/client'));
    const exchanges = calls.filter((call) => call.url.endsWith('/federation/exchange'));
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({ handoff: 'h-1' });
    expect(storage.get(STORAGE_KEYS.accessToken)).toBe('tok-sso');
  });

  it('shows why a sign-in through a provider failed, for a known message only', async () => {
    stubHttp(() => ({ status: 200, data: [] }));
    const router = renderLogin('/login?sso_error=federation.notLinked');
    expect(await screen.findByRole('alert')).toHaveTextContent(formatMessage(FEDERATION_MESSAGES.notLinked));
    // Spent: a reload does not show it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sends a user with a generated password to /initial-password', async () => {
    answer(200, {
      code: 0,
      message: 'ok',
      result: { token: 'tok', userInfo: { ...USER, mustChangePassword: true } },
    });
    const router = renderLogin();
    await fillAndSubmit('admin', 'generated');
    await waitFor(() => expect(router.state.location.pathname).toBe('/initial-password'));
  });
});
