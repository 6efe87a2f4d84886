import { cleanup, render, screen } from '@testing-library/react';
import { InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { Access, AccessDisable, GatehouseProvider, useAccess, useAuth } from './index.ts';

const CONFIG = {
  authority: 'https://gatehouse.test/oidc',
  clientId: 'gh_spa',
  redirectUri: 'https://spa.test/',
};

/** A real UserManager over an in-memory store, holding `profile` as the signed-in user's claims. */
async function signedIn(profile: Record<string, unknown> | null) {
  const store = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  const userManager = new UserManager({
    authority: CONFIG.authority,
    client_id: CONFIG.clientId,
    redirect_uri: CONFIG.redirectUri,
    userStore: store,
    automaticSilentRenew: false,
  });
  if (profile)
    await userManager.storeUser(
      new User({
        access_token: 'at',
        token_type: 'Bearer',
        profile: { sub: 'u1', iss: CONFIG.authority, aud: CONFIG.clientId, exp: 0, iat: 0, ...profile },
        expires_at: Math.floor(Date.now() / 1000) + 600,
      }),
    );
  return userManager;
}

const CLAIMS = {
  name: 'Alice',
  permissions: [{ permissionId: 'orders', actions: ['retrieve', 'update'] }],
  elements: ['order:refund'],
};

function Screen() {
  const { user, isLoading } = useAuth();
  const canExport = useAccess('order:export');
  if (isLoading) return <p>loading</p>;
  return (
    <>
      <p>{user ? `Hello ${user.profile.name}` : 'Signed out'}</p>
      <p>{canExport ? 'export allowed' : 'export refused'}</p>
      <Access code="order:refund">
        <button type="button">Refund</button>
      </Access>
      <Access permissionId="orders" action="delete" fallback={<span>no delete</span>}>
        <button type="button">Delete</button>
      </Access>
      <AccessDisable permissionId="orders" action="update">
        <button type="button">Edit</button>
      </AccessDisable>
      <AccessDisable code="order:void">
        <button type="button">Void</button>
      </AccessDisable>
    </>
  );
}

afterEach(cleanup);

describe('GatehouseProvider with the access components', () => {
  it("shows, hides and disables by the signed-in user's gatehouse claims", async () => {
    const userManager = await signedIn(CLAIMS);
    render(
      <GatehouseProvider {...CONFIG} userManager={userManager}>
        <Screen />
      </GatehouseProvider>,
    );
    expect(await screen.findByText('Hello Alice')).toBeInTheDocument();
    expect(screen.getByText('export refused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByText('no delete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
    const voidButton = screen.getByRole('button', { name: 'Void' });
    expect(voidButton).toBeDisabled();
    expect(voidButton).toHaveAttribute('title', 'No permission');
  });

  it('grants nothing when signed out, and says "No permission" in the words it is given', async () => {
    const userManager = await signedIn(null);
    render(
      <GatehouseProvider {...CONFIG} userManager={userManager} noPermissionTitle="暂无权限">
        <Screen />
      </GatehouseProvider>,
    );
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveAttribute('title', '暂无权限');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });

  it('treats an expired stored user as signed out', async () => {
    const userManager = await signedIn(CLAIMS);
    const user = (await userManager.getUser())!;
    user.expires_at = Math.floor(Date.now() / 1000) - 1;
    await userManager.storeUser(user);
    render(
      <GatehouseProvider {...CONFIG} userManager={userManager}>
        <Screen />
      </GatehouseProvider>,
    );
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
  });

  it('useAuth outside a provider says what is missing', () => {
    function Bare() {
      useAuth();
      return null;
    }
    expect(() => render(<Bare />)).toThrow(/GatehouseProvider/);
  });
});
