import { Access, AccessDisable, useAuth } from '@gatehouse/react';
import { useState } from 'react';
import { Orders } from './orders.tsx';

export type ExampleConfig = {
  authority: string;
  clientId: string;
  redirectUri: string;
  /** The <Access> demo: a permission of the client's application, and an element code in it. */
  permissionId: string;
  elementCode: string;
  /** examples/api's address, e.g. `http://127.0.0.1:3001/`, and its resource indicator. */
  api: string;
  resource: string;
};

/** The last characters of a token: enough to see that a refresh changed it. */
const tail = (token: string | undefined) => (token ? `…${token.slice(-8)}` : '--');

export function App({ config }: { config: ExampleConfig }) {
  const { user, isLoading, error, signIn, signOut, refresh, userinfo } = useAuth();
  const [profile, setProfile] = useState<Record<string, unknown> | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = (action: () => Promise<unknown>) => () => {
    setFailure(null);
    action().catch((e: unknown) => setFailure(e instanceof Error ? e.message : String(e)));
  };

  if (isLoading) return <p>Loading…</p>;
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '3rem auto' }}>
      <h1>Gatehouse SPA example</h1>
      {(error || failure) && <p role="alert">{failure ?? error?.message}</p>}
      {!user ? (
        <>
          <p>Signed out.</p>
          <button type="button" onClick={attempt(signIn)}>
            Sign in with Gatehouse
          </button>
        </>
      ) : (
        <>
          <p>
            Signed in as{' '}
            <strong data-testid="id-token-name">{String(user.profile.name ?? user.profile.sub)}</strong>
          </p>
          <dl>
            <dt>Access token</dt>
            <dd data-testid="access-token">{tail(user.access_token)}</dd>
            <dt>Refreshes</dt>
            <dd data-testid="refreshes">{refreshes}</dd>
            <dt>Name from userinfo</dt>
            <dd data-testid="userinfo-name">{profile ? String(profile.name) : '--'}</dd>
          </dl>
          <p>
            <button
              type="button"
              onClick={attempt(async () => {
                await refresh();
                setRefreshes((n) => n + 1);
              })}
            >
              Refresh tokens
            </button>{' '}
            <button type="button" onClick={attempt(async () => setProfile(await userinfo()))}>
              Call userinfo
            </button>{' '}
            <button type="button" onClick={attempt(signOut)}>
              Sign out
            </button>
          </p>
          <h2>Access</h2>
          <Access code={config.elementCode} fallback={<p>No element {config.elementCode}.</p>}>
            <p>You hold the element {config.elementCode}.</p>
          </Access>
          <Access permissionId={config.permissionId} action="delete">
            <button type="button">Delete {config.permissionId}</button>
          </Access>
          <AccessDisable permissionId={config.permissionId} action="retrieve">
            <button type="button">View {config.permissionId}</button>
          </AccessDisable>{' '}
          <AccessDisable permissionId={config.permissionId} action="update">
            <button type="button">Edit {config.permissionId}</button>
          </AccessDisable>
          <Orders api={config.api} resource={config.resource} />
        </>
      )}
    </main>
  );
}
