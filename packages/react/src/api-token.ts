import { OidcClient, User, type UserManager } from 'oidc-client-ts';

/** An API's access token and when it expires (seconds since the epoch). */
type ApiToken = { accessToken: string; expiresAt: number | undefined };

/** A token this close to its expiry is asked for anew rather than sent. */
const EXPIRY_MARGIN_SECONDS = 30;

type RefreshState = Parameters<OidcClient['useRefreshToken']>[0]['state'];

/**
 * The API tokens of one signed-in user, and the queue that spends the refresh token.
 *
 * Gatehouse issues a JWT access token for an application's APIs (RFC 9068) on a refresh that
 * names its resource indicator (RFC 8707), and rotates the refresh token on every use: a
 * spent one presented again is `invalid_grant` and revokes the whole grant. So each use
 * reads the stored user's refresh token, the next use waits for the one before, and the new
 * refresh token is stored at once. The user's own access token stays the opaque one that
 * userinfo takes; the API tokens are kept apart, in memory only.
 */
export class ApiTokens {
  private readonly client: OidcClient;
  private readonly tokens = new Map<string, ApiToken>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly userManager: UserManager) {
    this.client = new OidcClient(userManager.settings, userManager.metadataService);
  }

  /** Runs `task` once every refresh-token use queued before it has ended. */
  serialize<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** An access token for `resource`: the one held while it is fresh, else a new one. */
  get(resource: string): Promise<string> {
    const held = this.fresh(resource);
    if (held) return Promise.resolve(held);
    return this.serialize(async () => this.fresh(resource) ?? (await this.request(resource)));
  }

  /** Forgets every API token, e.g. when the user signs out or another signs in. */
  clear(): void {
    this.tokens.clear();
  }

  private fresh(resource: string): string | undefined {
    const held = this.tokens.get(resource);
    if (!held) return undefined;
    const now = Date.now() / 1000;
    if (held.expiresAt !== undefined && held.expiresAt - EXPIRY_MARGIN_SECONDS <= now) return undefined;
    return held.accessToken;
  }

  private async request(resource: string): Promise<string> {
    const user = await this.userManager.getUser();
    if (!user) throw new Error('Not signed in');
    if (!user.refresh_token)
      throw new Error('No refresh token: sign in with the offline_access scope to get API tokens');
    const state: RefreshState = {
      refresh_token: user.refresh_token,
      id_token: user.id_token,
      session_state: user.session_state,
      scope: user.scope,
      profile: user.profile,
      data: user.state,
    };
    // biome-ignore lint/correctness/useHookAtTopLevel: oidc-client-ts's refresh-token grant, not a React hook.
    const response = await this.client.useRefreshToken({
      state,
      resource,
      timeoutInSeconds: this.userManager.settings.silentRequestTimeoutInSeconds,
    });
    // The refresh token just used is spent: keep its successor, and the user's own tokens.
    await this.userManager.storeUser(
      new User({
        id_token: user.id_token,
        session_state: user.session_state,
        access_token: user.access_token,
        refresh_token: response.refresh_token ?? user.refresh_token,
        token_type: user.token_type,
        scope: user.scope,
        profile: user.profile,
        expires_at: user.expires_at,
        userState: user.state,
        url_state: user.url_state,
      }),
    );
    this.tokens.set(resource, { accessToken: response.access_token, expiresAt: response.expires_at });
    return response.access_token;
  }
}
