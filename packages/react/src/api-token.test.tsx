import { cleanup, render, screen } from '@testing-library/react';
import { InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiTokens } from './api-token.ts';
import { GatehouseProvider, useApiFetch, userManagerFor } from './index.ts';

const ISSUER = 'https://gatehouse.test/oidc';
const ORDERS = 'urn:gatehouse:application:shop';
const BILLING = 'urn:gatehouse:application:billing';

/** A real UserManager over an in-memory store, signed in with an opaque token and `rt-0`. */
async function signedIn() {
  const userManager = new UserManager({
    authority: ISSUER,
    client_id: 'gh_spa',
    redirect_uri: 'https://spa.test/',
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    automaticSilentRenew: false,
    metadata: { issuer: ISSUER, token_endpoint: `${ISSUER}/token`, userinfo_endpoint: `${ISSUER}/me` },
  });
  await userManager.storeUser(
    new User({
      access_token: 'opaque-0',
      refresh_token: 'rt-0',
      token_type: 'Bearer',
      scope: 'openid offline_access gatehouse',
      profile: { sub: 'u1', iss: ISSUER, aud: 'gh_spa', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + 600,
    }),
  );
  return userManager;
}

/** Gatehouse's token endpoint: each refresh token is spent once and its successor issued. */
function tokenEndpoint() {
  const requests: URLSearchParams[] = [];
  let issued = 0;
  const spent = new Set<string>();
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url !== `${ISSUER}/token`) return new Response('{}', { status: 404 });
    const body = new URLSearchParams(String(init?.body));
    requests.push(body);
    const refreshToken = body.get('refresh_token')!;
    if (spent.has(refreshToken)) return Response.json({ error: 'invalid_grant' }, { status: 400 });
    spent.add(refreshToken);
    issued += 1;
    return Response.json({
      access_token: `jwt-${issued}-for-${body.get('resource')}`,
      refresh_token: `rt-${issued}`,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'gatehouse',
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe('ApiTokens', () => {
  it("asks for the API with the refresh token, keeps the user's own token and stores the new refresh token", async () => {
    const userManager = await signedIn();
    const { requests } = tokenEndpoint();
    const tokens = new ApiTokens(userManager);

    await expect(tokens.get(ORDERS)).resolves.toBe(`jwt-1-for-${ORDERS}`);

    expect(requests).toHaveLength(1);
    expect(requests[0]!.get('grant_type')).toBe('refresh_token');
    expect(requests[0]!.get('refresh_token')).toBe('rt-0');
    expect(requests[0]!.get('resource')).toBe(ORDERS);
    const stored = await userManager.getUser();
    expect(stored?.access_token).toBe('opaque-0');
    expect(stored?.refresh_token).toBe('rt-1');
    expect(stored?.profile.sub).toBe('u1');
  });

  it('hands out a held token while it is fresh, and asks again once it is about to expire', async () => {
    const userManager = await signedIn();
    const { requests } = tokenEndpoint();
    const tokens = new ApiTokens(userManager);

    const first = await tokens.get(ORDERS);
    await expect(tokens.get(ORDERS)).resolves.toBe(first);
    expect(requests).toHaveLength(1);

    vi.useFakeTimers({ now: Date.now() + 3590 * 1000, toFake: ['Date'] });
    try {
      await expect(tokens.get(ORDERS)).resolves.toBe(`jwt-2-for-${ORDERS}`);
    } finally {
      vi.useRealTimers();
    }
    expect(requests.map((r) => r.get('refresh_token'))).toEqual(['rt-0', 'rt-1']);
  });

  it('spends each refresh token once when requests and refreshes overlap', async () => {
    const userManager = await signedIn();
    const { requests } = tokenEndpoint();
    const tokens = new ApiTokens(userManager);

    const results = await Promise.all([
      tokens.get(ORDERS),
      tokens.get(BILLING),
      tokens.serialize(() => userManager.signinSilent()),
      tokens.get(ORDERS),
    ]);

    expect(results[0]).toBe(`jwt-1-for-${ORDERS}`);
    expect(results[1]).toBe(`jwt-2-for-${BILLING}`);
    expect(results[3]).toBe(results[0]);
    expect(requests.map((r) => r.get('refresh_token'))).toEqual(['rt-0', 'rt-1', 'rt-2']);
    // The user's own refresh asks for no resource: the opaque token for userinfo.
    expect(requests[2]!.get('resource')).toBeNull();
    expect((await userManager.getUser())?.access_token).toBe('jwt-3-for-null');
    expect((await userManager.getUser())?.refresh_token).toBe('rt-3');
  });

  it('refuses without a signed-in user, and forgets its tokens when cleared', async () => {
    const userManager = await signedIn();
    const { requests } = tokenEndpoint();
    const tokens = new ApiTokens(userManager);
    await tokens.get(ORDERS);
    tokens.clear();
    await tokens.get(ORDERS);
    expect(requests).toHaveLength(2);

    await userManager.removeUser();
    tokens.clear();
    await expect(tokens.get(ORDERS)).rejects.toThrow('Not signed in');
  });
});

describe('userManagerFor', () => {
  it('asks for the resources on the authorization request', async () => {
    const userManager = userManagerFor({
      authority: ISSUER,
      clientId: 'gh_spa',
      redirectUri: 'https://spa.test/',
      resources: [ORDERS],
      settings: { metadata: { issuer: ISSUER, authorization_endpoint: `${ISSUER}/auth` } },
    });
    const navigate = vi.fn<(params: { url: string }) => Promise<never>>(() => new Promise(() => {}));
    // The redirect itself is oidc-client-ts's; what matters is the address it would go to.
    vi.spyOn(
      (userManager as unknown as { _redirectNavigator: { prepare: () => Promise<unknown> } })
        ._redirectNavigator,
      'prepare',
    ).mockResolvedValue({ navigate, close: () => {} });
    void userManager.signinRedirect();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    const url = new URL(navigate.mock.calls[0]![0].url);
    expect(url.searchParams.getAll('resource')).toEqual([ORDERS]);
    expect(url.searchParams.get('scope')).toBe('openid profile offline_access gatehouse');
  });
});

function Orders() {
  const apiFetch = useApiFetch(ORDERS);
  const [status, setStatus] = useState('idle');
  return (
    <button
      type="button"
      onClick={() => void apiFetch('https://api.test/orders').then((res) => setStatus(String(res.status)))}
    >
      {status}
    </button>
  );
}

describe('useApiFetch', () => {
  it('sends the API token as the bearer and returns the answer as it is', async () => {
    const userManager = await signedIn();
    const { fetchMock } = tokenEndpoint();
    const api = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === 'https://api.test/orders'
        ? new Response('{"error":"forbidden"}', { status: 403 })
        : api(input, init),
    );
    render(
      <GatehouseProvider
        authority={ISSUER}
        clientId="gh_spa"
        redirectUri="https://spa.test/"
        userManager={userManager}
      >
        <Orders />
      </GatehouseProvider>,
    );
    (await screen.findByRole('button', { name: 'idle' })).click();
    await screen.findByRole('button', { name: '403' });
    const call = fetchMock.mock.calls.find(([input]) => String(input) === 'https://api.test/orders')!;
    expect(new Headers(call[1]?.headers).get('authorization')).toBe(`Bearer jwt-1-for-${ORDERS}`);
  });
});
