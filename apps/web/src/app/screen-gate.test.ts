import { ERROR_CODES, type RolePermission, type ServerMenuItem, STORAGE_KEYS } from '@gatehouse/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { ApiError } from '@/lib/http';
import { clearSession } from '@/lib/session';
import { storage } from '@/lib/storage';
import { consoleMenus, serverMenu } from '@/test/menus';
import { RouteGenerator } from './route-generation';
import { extraMenuLoader, failureRedirect, screenLoader } from './screen-gate';

function ClientScreen() {
  return null;
}

function signIn({ permissions = [] }: { permissions?: RolePermission[] } = {}) {
  storage.set(STORAGE_KEYS.accessToken, 'token');
  storage.set(STORAGE_KEYS.currentUser, { name: 'Ada', mustChangePassword: false, role: { permissions } });
}

function generatorAnswering(answer: ServerMenuItem[] | Error) {
  const fetchMenus = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetchMenus, generator: new RouteGenerator({ fetchMenus, sessionKey: () => 'token' }) };
}

const args = (url: string) =>
  ({ request: new Request(`http://localhost${url}`), params: {}, context: {} }) as LoaderFunctionArgs;

/** What a loader threw, when it threw a redirect: its Location. */
async function redirectOf(result: Promise<unknown>): Promise<string | null> {
  try {
    await result;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

const CLIENT = '/app-config/client';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('screenLoader: the 403 decision', () => {
  it('loads and shows the screen the menus grant', async () => {
    signIn();
    const { generator } = generatorAnswering(consoleMenus((path) => path === CLIENT));
    const screen = vi.fn(async () => ({ Component: ClientScreen }));
    const data = await screenLoader(CLIENT, screen, generator)(args(CLIENT));
    expect(data).toEqual({ Screen: ClientScreen });
    expect(screen).toHaveBeenCalledOnce();
  });

  it("starts the granted screen's calls with its URL, when the role may read it", async () => {
    signIn({ permissions: [{ permissionId: 'app-config.client', actionEntitySet: ['retrieve'] }] });
    const { generator } = generatorAnswering(consoleMenus((path) => path === CLIENT));
    const preload = vi.fn();
    const screen = vi.fn(async () => ({ Component: ClientScreen, preload }));
    await screenLoader(CLIENT, screen, generator)(args(`${CLIENT}?appId=portal&page=2`));
    expect(preload).toHaveBeenCalledOnce();
    expect(preload.mock.calls[0]![0].href).toBe(`http://localhost${CLIENT}?appId=portal&page=2`);
  });

  it('starts no calls the role may not make (spec §6, retrieve)', async () => {
    signIn({ permissions: [{ permissionId: 'app-config.client', actionEntitySet: ['create'] }] });
    const { generator } = generatorAnswering(consoleMenus((path) => path === CLIENT));
    const preload = vi.fn();
    const data = await screenLoader(
      CLIENT,
      async () => ({ Component: ClientScreen, preload }),
      generator,
    )(args(CLIENT));
    expect(data).toEqual({ Screen: ClientScreen });
    expect(preload).not.toHaveBeenCalled();
  });

  it('shows the 403 page for a screen the menus do not grant, without loading its chunk', async () => {
    signIn();
    const { generator } = generatorAnswering(consoleMenus((path) => path === '/app-config/resource'));
    const screen = vi.fn(async () => ({ Component: ClientScreen }));
    const data = await screenLoader(CLIENT, screen, generator)(args(`${CLIENT}?appId=portal`));
    expect(data).toEqual({ Screen: ForbiddenPage, title: '403' });
    expect(screen).not.toHaveBeenCalled();
  });

  it('decides on the route, so a detail pattern covers every URL of it', async () => {
    signIn();
    const pattern = '/admin-setting/workflow-detail/:mode/:name';
    const { generator } = generatorAnswering(consoleMenus((path) => path === pattern));
    const screen = vi.fn(async () => ({ Component: ClientScreen }));
    const data = await screenLoader(
      pattern,
      screen,
      generator,
    )(args('/admin-setting/workflow-detail/edit/x'));
    expect(data.Screen).toBe(ClientScreen);
  });

  it('sends a failed menus call to /dashboard, having logged it', async () => {
    signIn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { generator } = generatorAnswering(new ApiError('http', 'Server Internal Error.', { status: 500 }));
    const screen = vi.fn(async () => ({ Component: ClientScreen }));
    expect(await redirectOf(screenLoader(CLIENT, screen, generator)(args(CLIENT)))).toBe('/dashboard');
    expect(screen).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Route generation failed', expect.any(ApiError));
  });

  it('asks for no menus without a session, and sends the visitor to sign in', async () => {
    const { generator, fetchMenus } = generatorAnswering(consoleMenus());
    const screen = vi.fn(async () => ({ Component: ClientScreen }));
    expect(await redirectOf(screenLoader(CLIENT, screen, generator)(args(CLIENT)))).toBe(
      '/login?redirect=%2Fapp-config%2Fclient',
    );
    expect(fetchMenus).not.toHaveBeenCalled();
  });

  it('says the session expired when the server ended it, even if this guard runs before the 401 handler navigates', async () => {
    storage.set(STORAGE_KEYS.accessToken, 'tok');
    clearSession({ expired: true });
    try {
      const { generator } = generatorAnswering(consoleMenus());
      const screen = vi.fn(async () => ({ Component: ClientScreen }));
      expect(await redirectOf(screenLoader(CLIENT, screen, generator)(args(CLIENT)))).toBe(
        '/login?isInterception=1&redirect=%2Fapp-config%2Fclient',
      );
    } finally {
      storage.set(STORAGE_KEYS.accessToken, 'tok');
      clearSession();
    }
  });
});

describe('failureRedirect', () => {
  it('is /dashboard, unless the HTTP client is already taking the user elsewhere', () => {
    expect(failureRedirect(new ApiError('network', 'Network Error'))).toBe('/dashboard');
    expect(failureRedirect(new ApiError('http', 'x', { status: 503 }))).toBe('/dashboard');
    expect(failureRedirect(new Error('boom'))).toBe('/dashboard');
    expect(failureRedirect(new ApiError('http', 'x', { status: 401 }))).toBe('/login?isInterception=1');
    expect(
      failureRedirect(
        new ApiError('http', 'x', { status: 403, body: { code: ERROR_CODES.PASSWORD_CHANGE_REQUIRED } }),
      ),
    ).toBe('/initial-password');
  });
});

describe('extraMenuLoader', () => {
  const menus = [
    ...consoleMenus((path) => path === CLIENT),
    serverMenu('/reports', 'Reports', { children: [serverMenu('/reports/sales', 'Sales')] }),
  ];

  it('opens "not available yet", titled with its name, for a menu an administrator added', async () => {
    signIn();
    const { generator } = generatorAnswering(menus);
    expect(await extraMenuLoader(generator)(args('/reports/sales'))).toEqual({
      Screen: ComingSoonPage,
      title: 'Sales',
    });
  });

  it('sends any other path to the 404 page', async () => {
    signIn();
    const { generator } = generatorAnswering(menus);
    expect(await redirectOf(extraMenuLoader(generator)(args('/reports/other?x=1')))).toBe('/error/404');
  });
});
