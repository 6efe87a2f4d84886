import { randomBytes, timingSafeEqual } from 'node:crypto';
import { formatMessage, type Language, type Message, m } from '@gatehouse/contract';
import type { Account, Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { TokenLifetimes } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { escapeHtml, htmlPage, htmlText } from '../../lib/html-page.ts';
import { readerLanguage } from '../../lib/language.ts';
import { deriveKey } from '../../lib/server-key.ts';
import { hashToken } from '../../lib/tokens.ts';
import { contentSecurityPolicy } from '../../plugins/security-headers.ts';
import * as access from '../access/in-application.ts';
import { holdsRoleRequiringTwoFactor, isActive } from '../access/repository.ts';
import * as apis from '../app-apis/repository.ts';
import * as secrets from '../clients/repository.ts';
import * as serviceAccounts from '../machine-access/repository.ts';
import { hasSecondFactor } from '../two-factor/enrolled.ts';
import {
  adapterFactory,
  CLIENT_APPLICATION,
  CLIENT_SECRETS,
  CLIENT_WEB_ORIGINS,
  type ClientCache,
  JWT_FORMAT,
} from './adapter.ts';
import { bindInteractionsToBrowser, COOKIE_NAMES, SHORT_COOKIE } from './interaction-cookie.ts';
import type { PrivateJwk } from './keys.ts';
import * as repo from './repository.ts';
import { applicationOfResource, resourceIndicatorOf } from './resources.ts';

/** A role the user holds requires two-factor sign-in, which they have not set up. */
async function mustSetUpTwoFactor(
  db: Database,
  user: { userId: string; totpEnabledAt: Date | null; totpSecret: string | null },
): Promise<boolean> {
  return !hasSecondFactor(user) && (await holdsRoleRequiringTwoFactor(db, user.userId));
}

/** Lifetimes in seconds that are not settings. */
export const FIXED_TTL = {
  ClientCredentials: 600,
  Interaction: 600,
  Session: 14 * 24 * 3600,
  Grant: 14 * 24 * 3600,
} as const;

/**
 * oidc-provider's lifetimes: the settings' (config.ts), and the rest fixed. A grant lives at
 * least as long as the refresh tokens issued under it, which end with it. Signing keys
 * outlive their retirement by the longest signed thing (keys.ts).
 */
export function providerTtl(lifetimes: TokenLifetimes) {
  return {
    ...FIXED_TTL,
    AccessToken: lifetimes.accessToken,
    AuthorizationCode: lifetimes.authorizationCode,
    IdToken: lifetimes.idToken,
    RefreshToken: lifetimes.refreshToken,
    Grant: Math.max(FIXED_TTL.Grant, lifetimes.refreshToken),
  };
}

export const GATEHOUSE_SCOPE = 'gatehouse';

/** A client secret's last use is written at most this often per instance. */
const SECRET_TOUCH_INTERVAL_MS = 60_000;

/**
 * What the `gatehouse` scope says of a user in one application: the permissions with their
 * actions and the granted element codes. The ID token, userinfo and an application's JWT
 * access tokens carry it.
 */
export async function grantsOf(db: Database, userId: string, applicationId: string) {
  const merged = new Map<string, Set<string>>();
  for (const row of await access.findAppPermissions(db, userId, applicationId)) {
    const actions = merged.get(row.permissionId) ?? new Set<string>();
    for (const action of row.actions ?? []) actions.add(action);
    merged.set(row.permissionId, actions);
  }
  return {
    permissions: [...merged].map(([permissionId, actions]) => ({
      permissionId,
      actions: [...actions].sort(),
    })),
    elements: await access.findAppElements(db, userId, applicationId),
  };
}

/**
 * The claims of a user for one application. `email` adds the standard `email_verified`;
 * `gatehouse` adds the roles that grant something in the application (never another
 * application's), the user's organizations, and the application's permissions and element codes.
 */
export async function claimsOf(
  db: Database,
  user: repo.UserRow,
  scopes: Set<string>,
  applicationId?: string,
) {
  const claims: Record<string, unknown> = {
    sub: user.userId,
    name: user.name,
    preferred_username: user.username,
    picture: user.avatar ?? undefined,
    email: user.email ?? undefined,
    email_verified: user.email ? user.emailVerified : undefined,
    phone_number: user.phone ?? undefined,
    updated_at: Math.floor(user.updatedAt.getTime() / 1000),
  };
  if (scopes.has(GATEHOUSE_SCOPE)) {
    const organization = user.organizationId
      ? await repo.findOrganization(db, user.organizationId)
      : undefined;
    claims.organizations = organization ? [organization] : [];
    claims.roles = applicationId ? await access.findRolesInApplication(db, user.userId, applicationId) : [];
    if (applicationId) Object.assign(claims, await grantsOf(db, user.userId, applicationId));
  }
  return claims;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f1f1f}h1{font-size:1.4rem}code{background:#f5f5f5;padding:0 .25rem}';

/**
 * The provider's own pages speak the reader's language: the signed-in account's preference,
 * else the browser's. The answer depends on Accept-Language, so caches are told.
 */
async function pageLanguage(db: Database, ctx: KoaContextWithOIDC): Promise<Language> {
  ctx.vary('Accept-Language');
  const accountId = ctx.oidc?.session?.accountId;
  const user = accountId ? await repo.findUser(db, accountId).catch(() => undefined) : undefined;
  return readerLanguage(user?.language, ctx.get('accept-language'));
}

async function renderPage(
  db: Database,
  ctx: KoaContextWithOIDC,
  title: Message,
  body: (language: Language) => string,
) {
  const language = await pageLanguage(db, ctx);
  ctx.type = 'html';
  ctx.body = htmlPage({
    language,
    title: formatMessage(title, language),
    style: STYLE,
    body: body(language),
  });
}

export type ProviderOptions = {
  issuer: string;
  serverKey: Buffer;
  keys: PrivateJwk[];
  /** Trust X-Forwarded-* (behind a load balancer). */
  proxy: boolean;
  tokenLifetimes: TokenLifetimes;
  /** The clients read, kept between requests (adapter.ts). */
  clients: ClientCache;
  /** Told of each token request: its grant type, and whether tokens were issued (the metrics). */
  onTokenRequest?: (grantType: string | undefined, issued: boolean) => void;
};

/**
 * The OpenID Provider: authorization code with PKCE, refresh tokens rotated on use, client
 * credentials; no implicit flow (response type `code` only) and no password grant (RFC 9700).
 * Everything it keeps goes to the database through the adapter. oidc-provider, the largest
 * package of the server, is loaded with the first provider, not with the server: a console
 * that serves no relying party never pays for it.
 */
/**
 * Whether `client` is a credential of the resource server `token` was issued for: a
 * confidential client of the application whose APIs are the token's audience.
 */
function isResourceServerFor(
  client: { tokenEndpointAuthMethod?: string; metadata(): Record<string, unknown> },
  token: { aud?: string | string[] },
): boolean {
  if (client.tokenEndpointAuthMethod === 'none' || token.aud === undefined) return false;
  const applicationId = client.metadata()[CLIENT_APPLICATION];
  if (typeof applicationId !== 'string') return false;
  const audience = resourceIndicatorOf(applicationId);
  return Array.isArray(token.aud) ? token.aud.includes(audience) : token.aud === audience;
}

/** An access token the provider is issuing, as far as its record needs it. */
type IssuedToken = {
  jti: string;
  exp?: number;
  iat?: number;
  constructor: unknown;
};

/**
 * Whose grants an access token carries: the signed-in user's; for client credentials, the
 * client's service account's while it may act (client, application and account enabled:
 * the check its admin API calls pass); else nobody's.
 */
async function grantHolderOf(
  db: Database,
  token: { kind: string; clientId?: string; accountId?: string },
): Promise<string | undefined> {
  if (token.accountId) return token.accountId;
  if (token.kind !== 'ClientCredentials' || !token.clientId) return undefined;
  return (await serviceAccounts.findServiceAccountCaller(db, token.clientId))?.userId;
}

/**
 * Records a JWT access token as the provider stores an opaque one (its model's payload fields,
 * through the adapter: by the SHA-256 of its `jti`, without it), marked `jwt` (adapter.ts).
 */
async function recordJwt(token: IssuedToken, extra: object | undefined): Promise<void> {
  const model = token.constructor as {
    IN_PAYLOAD: string[];
    adapter: { upsert(id: string, payload: object, expiresIn: number): Promise<void> };
  };
  const now = Math.floor(Date.now() / 1000);
  const fields = token as unknown as Record<string, unknown>;
  const payload: Record<string, unknown> = {
    iat: token.iat ?? now,
    exp: token.exp,
    extra,
    format: JWT_FORMAT,
  };
  for (const key of model.IN_PAYLOAD)
    if (fields[key] !== undefined && key !== 'extra') payload[key] = fields[key];
  await model.adapter.upsert(token.jti, payload, Math.max(1, (token.exp ?? now) - now));
}

export async function createProvider(db: Database, options: ProviderOptions): Promise<Provider> {
  const oidc = await import('oidc-provider');
  const { createLocalJWKSet, jwtVerify } = await import('jose');
  const secretPlaceholder = randomBytes(32).toString('base64url');
  const publicKeys = createLocalJWKSet({
    keys: options.keys.map(({ kty, kid, alg, use, n, e }) => ({ kty, kid, alg, use, n, e }) as never),
  });
  /** The `jti` of a JWT access token this provider signed, unexpired; else undefined. */
  const jwtIdOf = async (value: string): Promise<string | undefined> => {
    try {
      const { payload } = await jwtVerify(value, publicKeys, {
        issuer: options.issuer,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      });
      return typeof payload.jti === 'string' ? payload.jti : undefined;
    } catch {
      return undefined;
    }
  };
  const configuration: Configuration = {
    /**
     * The grant a provider session already holds for the client, as the library finds it,
     * unless the session's account must set two-factor sign-in up first: then none, so a
     * silent request gets consent_required and any other goes to the interaction, which
     * refuses it with the reason (service.ts, `consent`).
     */
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      if (!grantId) return undefined;
      const accountId = ctx.oidc.session?.accountId;
      if (accountId) {
        const user = await repo.findUser(db, accountId);
        if (user && (await mustSetUpTwoFactor(db, user))) return undefined;
      }
      return ctx.oidc.provider.Grant.find(grantId);
    },
    adapter: adapterFactory(db, secretPlaceholder, oidc.errors, jwtIdOf, options.clients),
    jwks: { keys: options.keys as never[] },
    cookies: {
      keys: [deriveKey(options.serverKey, 'oidc-cookies').toString('base64url')],
      names: { ...COOKIE_NAMES },
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { ...SHORT_COOKIE },
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'phone', GATEHOUSE_SCOPE],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'picture', 'updated_at'],
      email: ['email', 'email_verified'],
      phone: ['phone_number'],
      [GATEHOUSE_SCOPE]: ['roles', 'organizations', 'permissions', 'elements'],
    },
    // The ID token carries the scope's claims too, not only userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // What docs/integrating.md documents, and all that works: a confidential client's secret in HTTP
    // Basic, a public client's nothing. Without client_secret_post the provider reads no
    // client_secret from the body, so a confidential client sending it there is invalid_client.
    clientAuthMethods: ['client_secret_basic', 'none'],
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256'],
      userinfoSigningAlgValues: ['RS256'],
      introspectionSigningAlgValues: ['RS256'],
      authorizationSigningAlgValues: ['RS256'],
      requestObjectSigningAlgValues: ['RS256'],
      clientAuthSigningAlgValues: ['RS256'],
    },
    pkce: {
      methods: ['S256'],
      required: (_ctx, client) => client.tokenEndpointAuthMethod === 'none',
    },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        // A client learns about its own tokens, and an application's confidential clients,
        // its resource server's credentials, about the tokens issued for its APIs.
        allowedPolicy: async (_ctx, client, token) =>
          token.clientId === client.clientId ||
          isResourceServerFor(client, token as { aud?: string | string[] }),
      },
      resourceIndicators: {
        enabled: true,
        // No resource, no JWT: a request without `resource` gets the opaque token it always got,
        // and one naming several must choose (the library's default; its types want a value).
        defaultResource: async (_ctx, _client, oneOf) => oneOf as string[],
        // A code or refresh token granted for an API and `openid` gives the userinfo token
        // unless the token request names the API again (`resource`).
        useGrantedResource: async () => false,
        async getResourceServerInfo(_ctx, indicator, client) {
          const applicationId = applicationOfResource(indicator);
          // A client asks for its own application's APIs only, once one is described.
          if (
            applicationId === undefined ||
            applicationId !== client.metadata()[CLIENT_APPLICATION] ||
            !(await apis.hasEnabledApi(db, applicationId))
          )
            throw new oidc.errors.InvalidTarget();
          return {
            scope: GATEHOUSE_SCOPE,
            audience: indicator,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      revocation: { enabled: true },
      clientCredentials: { enabled: true },
      // Discovery says so, a client may register `backchannel_logout_uri`, and its ID tokens
      // carry `sid` when it requires it. The tokens go through the job queue (below).
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // The confirmation posts here, and the answer redirects to the client's post-logout
          // URI (checked against its registration already): the page's form-action allows that
          // origin, or the browser would stop the redirect.
          const back = ctx.oidc.params?.post_logout_redirect_uri;
          if (typeof back === 'string')
            ctx.set('content-security-policy', contentSecurityPolicy([new URL(back).origin]));
          await renderPage(
            db,
            ctx,
            m('page.signOutTitle'),
            (language) =>
              `<h1>${htmlText(m('page.signOutQuestion'), language)}</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${htmlText(m('page.signOutConfirm'), language)}</button> <button type="submit" form="op.logoutForm">${htmlText(m('page.staySignedIn'), language)}</button>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          await renderPage(
            db,
            ctx,
            m('page.signedOutTitle'),
            (language) => `<h1>${htmlText(m('page.signedOut'), language)}</h1>`,
          );
        },
      },
      userinfo: { enabled: true },
    },
    /**
     * A JWT access token for an application's APIs carries the grants in it of the user, or
     * for client credentials of the client's service account (RFC 9068's payload plus
     * `permissions` and `elements`), and is recorded like an opaque token so that
     * introspection, revocation and the end of the user's access know it.
     */
    async extraTokenClaims(ctx, token) {
      const resourceServer = (token as { resourceServer?: { accessTokenFormat?: string } }).resourceServer;
      if (resourceServer?.accessTokenFormat !== 'jwt') return undefined;
      const applicationId = ctx.oidc.client?.metadata()[CLIENT_APPLICATION] as string | undefined;
      const scopes = new Set(String(token.scope ?? '').split(' '));
      const holderId =
        applicationId && scopes.has(GATEHOUSE_SCOPE) ? await grantHolderOf(db, token) : undefined;
      const extra = holderId && applicationId ? await grantsOf(db, holderId, applicationId) : undefined;
      await recordJwt(token, extra);
      return extra;
    },
    extraClientMetadata: { properties: [CLIENT_APPLICATION, CLIENT_SECRETS, CLIENT_WEB_ORIGINS] },
    // A browser app calls the token, userinfo, revocation and introspection endpoints from the
    // origin it signs in at: the origins of the client's redirect URIs and its listed web
    // origins are allowed (adapter.ts `webOriginsOf`), no other.
    clientBasedCORS: (_ctx, origin, client) =>
      ((client.metadata()[CLIENT_WEB_ORIGINS] as string[] | undefined) ?? []).includes(origin),
    rotateRefreshToken: true,
    ttl: providerTtl(options.tokenLifetimes),
    interactions: { url: (_ctx, interaction) => `/oauth?uid=${encodeURIComponent(interaction.uid)}` },
    async findAccount(ctx: KoaContextWithOIDC, sub: string, token?: unknown): Promise<Account | undefined> {
      const user = await repo.findUser(db, sub);
      if (!user || !isActive(user)) return undefined;
      // A role the user holds came to require two-factor sign-in, which they have not set up:
      // their codes, refresh tokens and access tokens no longer stand for them (the token
      // endpoint answers invalid_grant, userinfo invalid_token). The provider session is
      // `loadExistingGrant`'s to stop: an account it cannot find would be a server error there.
      if (token !== undefined && (await mustSetUpTwoFactor(db, user))) return undefined;
      const applicationId = ctx.oidc.client?.metadata()[CLIENT_APPLICATION] as string | undefined;
      return {
        accountId: sub,
        claims: async (_use, scope) => claimsOf(db, user, new Set(scope.split(' ')), applicationId) as never,
      };
    },
    async renderError(ctx, out) {
      // The description is the provider's own, in English: it names the OAuth detail.
      const description = out.error_description ? `<p>${escapeHtml(String(out.error_description))}</p>` : '';
      await renderPage(
        db,
        ctx,
        m('page.errorTitle'),
        (language) =>
          `<h1>${htmlText(m('page.errorHeading'), language)}</h1>${description}<p>${htmlText(m('page.errorCode'), language)} <code>${escapeHtml(String(out.error))}</code></p>`,
      );
    },
  };
  const provider = new oidc.default(options.issuer, configuration);
  provider.proxy = options.proxy;
  bindInteractionsToBrowser(provider);
  const { onTokenRequest } = options;
  if (onTokenRequest) {
    const grantTypeOf = (ctx: KoaContextWithOIDC) => ctx.oidc?.params?.grant_type as string | undefined;
    provider.on('grant.success', (ctx: KoaContextWithOIDC) => onTokenRequest(grantTypeOf(ctx), true));
    provider.on('grant.error', (ctx: KoaContextWithOIDC) => onTokenRequest(grantTypeOf(ctx), false));
  }

  /**
   * At /oidc/session/end (and a sign-in as another account, which passes through it), the
   * provider asks each client of the session it ends to be told: instead of its POST within
   * the request, the logout becomes a job of the queue (backchannel-logout.ts), retried there.
   * The job is written just before the provider ends the session, in its own statement: if
   * ending the session then failed, the client would sign the user out of a session that
   * lives on, the harmless way round.
   */
  provider.Client.prototype.backchannelLogout = async function backchannelLogout(sub: string, sid: string) {
    await repo.queueLogouts(db, [{ clientId: this.clientId, sub, ...(sid ? { sid } : {}) }]);
  };

  /**
   * Secrets are stored only as SHA-256, so oidc-provider's plain comparison with
   * `client_secret` cannot work. This checks the presented secret against the client's
   * unexpired secrets (two during a rotation), which the adapter read with the client in the
   * same query, and records its use (to the minute).
   */
  const lastTouched = new Map<string, number>();
  provider.Client.prototype.compareClientSecret = async function compareClientSecret(actual: string) {
    const live = this.metadata()[CLIENT_SECRETS] as { id: string; hash: string }[] | undefined;
    if (!live || typeof actual !== 'string' || actual === '') return false;
    const presented = Buffer.from(hashToken(actual));
    const match = live.find(
      (s) => s.hash.length === presented.length && timingSafeEqual(Buffer.from(s.hash), presented),
    );
    if (!match) return false;
    // The last use to the minute: one write per secret and minute, not one per token request,
    // whose row lock would line up every concurrent request of a client.
    const now = Date.now();
    if (now - (lastTouched.get(match.id) ?? 0) >= SECRET_TOUCH_INTERVAL_MS) {
      if (lastTouched.size > 10_000) lastTouched.clear();
      lastTouched.set(match.id, now);
      await secrets.touchSecret(db, match.id);
    }
    return true;
  };
  return provider;
}
