import { type User, UserManager, type UserManagerSettings } from 'oidc-client-ts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { accessOf, type GatehouseAccess } from './access.ts';
import { ApiTokens } from './api-token.ts';

/** Where the app signs in: the Gatehouse issuer, its client, and the scopes it asks for. */
export type GatehouseConfig = {
  /** The issuer, e.g. `https://gatehouse.example.com/oidc`. */
  authority: string;
  /** The OAuth client_id of a PUBLIC client (the console's "Client" column). */
  clientId: string;
  /** One of the client's redirect URLs: where Gatehouse sends the browser back with the code. */
  redirectUri: string;
  /** Where sign-out returns; one of the client's redirect URLs. Defaults to `redirectUri`. */
  postLogoutRedirectUri?: string;
  /** Defaults to `openid profile offline_access gatehouse`: a refresh token and the permissions. */
  scope?: string;
  /**
   * The resource indicators of the APIs the app calls, `urn:gatehouse:application:<applicationId>`:
   * sign-in asks for them, and `apiToken(resource)` then gets a JWT access token for one.
   */
  resources?: string[];
  /** Settings of oidc-client-ts beyond these, such as `userStore`. */
  settings?: Partial<UserManagerSettings>;
  /** The title a control `AccessDisable` turns off shows. Defaults to "No permission". */
  noPermissionTitle?: string;
};

export const DEFAULT_SCOPE = 'openid profile offline_access gatehouse';

export type AuthState = {
  /** The signed-in user (oidc-client-ts's `User`: tokens and the ID token's claims), or null. */
  user: User | null;
  /** True until the stored user is read and any sign-in callback in the address is handled. */
  isLoading: boolean;
  /** The last sign-in, refresh or sign-out failure. */
  error: Error | null;
  /** The user's rights in the client's application, from the ID token's `gatehouse` claims. */
  access: GatehouseAccess;
  /** Sends the browser to Gatehouse to sign in (authorization code with PKCE S256). */
  signIn: () => Promise<void>;
  /** Signs out of Gatehouse too (RP-initiated logout), then returns to `postLogoutRedirectUri`. */
  signOut: () => Promise<void>;
  /** New tokens for the signed-in user through the refresh token, without leaving the page. */
  refresh: () => Promise<User | null>;
  /** The userinfo endpoint's claims for the current access token. */
  userinfo: () => Promise<Record<string, unknown>>;
  /**
   * A JWT access token for the API of `resource` (one of `resources`), through the refresh
   * token; held until shortly before it expires. The user's own access token is unchanged.
   */
  apiToken: (resource: string) => Promise<string>;
  userManager: UserManager;
  noPermissionTitle: string;
};

const AuthContext = createContext<AuthState | undefined>(undefined);

/** Whether `url` is the redirect URI carrying an authorization response (a code or an error). */
function isSigninCallback(url: URL, redirectUri: string): boolean {
  const redirect = new URL(redirectUri);
  return (
    url.origin === redirect.origin &&
    url.pathname === redirect.pathname &&
    (url.searchParams.has('code') || url.searchParams.has('error')) &&
    url.searchParams.has('state')
  );
}

export function userManagerFor(config: GatehouseConfig): UserManager {
  const scope = config.scope ?? DEFAULT_SCOPE;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    post_logout_redirect_uri: config.postLogoutRedirectUri ?? config.redirectUri,
    response_type: 'code',
    scope,
    // OpenID Connect Core §11: a refresh token (offline_access) is granted only on a request
    // that asks for consent; without it the provider drops the scope and issues none.
    ...(scope.split(' ').includes('offline_access') ? { prompt: 'consent' } : {}),
    // On the authorization request only: the code is redeemed, and the user refreshed, without
    // a resource, for the opaque token userinfo takes; an API's token is a refresh naming it.
    ...(config.resources?.length ? { resource: config.resources } : {}),
    ...config.settings,
  });
}

/**
 * Signs the app in to Gatehouse through oidc-client-ts and gives its children `useAuth` and
 * the access checks. On the redirect URI it completes the sign-in and takes the code and state
 * out of the address. Pass `userManager` to share one built elsewhere.
 */
export function GatehouseProvider({
  children,
  userManager: given,
  ...config
}: GatehouseConfig & { userManager?: UserManager; children: ReactNode }) {
  // One manager for the provider's life: the config is read once, as oidc-client-ts reads it.
  const [userManager] = useState(() => given ?? userManagerFor(config));
  const [apiTokens] = useState(() => new ApiTokens(userManager));
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    let live = true;
    const loaded = (next: User) => {
      if (live) setUser(next);
    };
    const unloaded = () => {
      apiTokens.clear();
      if (live) setUser(null);
    };
    const removeLoaded = userManager.events.addUserLoaded(loaded);
    const removeUnloaded = userManager.events.addUserUnloaded(unloaded);
    const here = new URL(window.location.href);
    const start = isSigninCallback(here, userManager.settings.redirect_uri)
      ? completeSignIn(userManager, here)
      : userManager.getUser();
    start
      .then((found) => live && setUser(found && !found.expired ? found : null))
      .catch((failure: unknown) => live && setError(asError(failure)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
      removeLoaded();
      removeUnloaded();
    };
  }, [userManager, apiTokens]);

  const signIn = useCallback(() => {
    setError(null);
    return userManager.signinRedirect();
  }, [userManager]);
  const signOut = useCallback(() => {
    setError(null);
    apiTokens.clear();
    return userManager.signoutRedirect();
  }, [userManager, apiTokens]);
  const refresh = useCallback(async () => {
    setError(null);
    try {
      // After any API token request in flight: both spend the one refresh token.
      return await apiTokens.serialize(() => userManager.signinSilent());
    } catch (failure) {
      setError(asError(failure));
      throw failure;
    }
  }, [userManager, apiTokens]);
  const userinfo = useCallback(async () => {
    const current = await userManager.getUser();
    if (!current) throw new Error('Not signed in');
    const endpoint = await userManager.metadataService.getUserInfoEndpoint();
    const res = await fetch(endpoint, { headers: { authorization: `Bearer ${current.access_token}` } });
    if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }, [userManager]);
  const apiToken = useCallback((resource: string) => apiTokens.get(resource), [apiTokens]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      isLoading,
      error,
      access: accessOf(user?.profile),
      signIn,
      signOut,
      refresh,
      userinfo,
      apiToken,
      userManager,
      noPermissionTitle: config.noPermissionTitle ?? 'No permission',
    }),
    [
      user,
      isLoading,
      error,
      signIn,
      signOut,
      refresh,
      userinfo,
      apiToken,
      userManager,
      config.noPermissionTitle,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** One completion per manager and address: React may run an effect twice (StrictMode). */
const completions = new WeakMap<UserManager, { href: string; done: Promise<User> }>();

/** Trades the code in the address for tokens, then takes it out of the address: it is spent. */
function completeSignIn(userManager: UserManager, here: URL): Promise<User> {
  const running = completions.get(userManager);
  if (running?.href === here.href) return running.done;
  const done = userManager.signinRedirectCallback(here.href).finally(() => {
    const clean = new URL(here);
    clean.search = '';
    window.history.replaceState(window.history.state, '', clean.href);
  });
  completions.set(userManager, { href: here.href, done });
  return done;
}

const asError = (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure)));

/** The sign-in state and actions of the nearest `GatehouseProvider`. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs a GatehouseProvider above it');
  return state;
}

/**
 * `fetch` for the API of `resource`: each call carries `Authorization: Bearer` with a JWT
 * access token for it (`apiToken`). The answer is returned as it is, a 403 included.
 */
export function useApiFetch(
  resource: string,
): (input: string | URL, init?: RequestInit) => Promise<Response> {
  const { apiToken } = useAuth();
  return useCallback(
    async (input: string | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${await apiToken(resource)}`);
      return fetch(input, { ...init, headers });
    },
    [apiToken, resource],
  );
}
