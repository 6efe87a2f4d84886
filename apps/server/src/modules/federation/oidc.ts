import { createHash } from 'node:crypto';
import { OIDC_CALLBACK_PATH, type ProviderTestResult } from '@gatehouse/contract';
import * as client from 'openid-client';
import type { Flow, ProviderRecord, RedirectProtocol, UpstreamIdentity } from './types.ts';

/**
 * The OIDC upstream: Gatehouse as a relying party of an organisation's OpenID Provider, through
 * openid-client. A code flow with `state` (the flow's id), a fresh nonce and PKCE S256; the
 * library checks the RFC 9207 `iss` of the answer and the ID token (issuer, audience, expiry,
 * nonce, and, with non-repudiation checks on, its signature against the provider's JWKS). The flow itself, the browser binding
 * and the user it resolves to are the core's (sign-in.ts).
 */

/** Every request to an upstream gives up after this long (openid-client counts in seconds). */
export const OIDC_TIMEOUT_SECONDS = 10;
/** How long a provider's discovery is kept before it is read again. */
export const DISCOVERY_CACHE_MS = 5 * 60_000;

export type OidcProtocolOptions = {
  /**
   * NODE_ENV=production. Outside production an `http://` issuer is accepted (a local test
   * provider, a developer's Keycloak); in production every request to an upstream is HTTPS,
   * as openid-client requires by default, so an `http://` issuer fails its discovery.
   */
  production: boolean;
  /** The clock, for the cache; tests move it. */
  now?: () => number;
};

/** What the flow keeps between the start and the callback. */
type OidcFlowData = { nonce: string; codeVerifier: string | null };

/** A protocol error raised by openid-client, with its code, kept apart from Gatehouse's own. */
export class OidcUpstreamError extends Error {
  constructor(
    message: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The settings of an OIDC provider; a provider of another type is a programming error here. */
function settingsOf(provider: ProviderRecord) {
  const oidc = provider.settings.oidc;
  if (provider.type !== 'oidc' || !oidc)
    throw new Error(`provider ${provider.providerId} is not an OIDC provider`);
  return oidc;
}

/** The scopes asked for: the provider's, with `openid` always among them (no ID token without it). */
function scopesOf(scopes: readonly string[] | undefined): string {
  const list = scopes && scopes.length > 0 ? [...scopes] : ['openid', 'profile', 'email'];
  if (!list.includes('openid')) list.unshift('openid');
  return [...new Set(list)].join(' ');
}

/**
 * How the client authenticates at the token endpoint: none for a public client (no secret);
 * with a secret, HTTP Basic, the default of OIDC Core §9, unless the provider says it supports
 * only `client_secret_post`.
 */
export function clientAuthFor(
  secret: string | null,
  methods: readonly string[] | undefined,
): { auth: client.ClientAuth; method: string } {
  if (!secret) return { auth: client.None(), method: 'none' };
  if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post'))
    return { auth: client.ClientSecretPost(secret), method: 'client_secret_post' };
  return { auth: client.ClientSecretBasic(secret), method: 'client_secret_basic' };
}

/** The redirect URI registered upstream for a provider. */
export const redirectUriOf = (origin: string, providerId: string) =>
  `${origin}${OIDC_CALLBACK_PATH}/${providerId}`;

/** The discovery document's address, as openid-client builds it (OIDC Discovery §4). */
export function discoveryUrl(issuer: string): URL {
  const url = new URL(issuer);
  url.pathname = `${url.pathname}/.well-known/openid-configuration`.replace('//', '/');
  return url;
}

/**
 * A claim as the mapping reads it: a string list. Strings are kept, numbers and booleans
 * written out, arrays keep their scalar members; objects (an `address`) and null are skipped.
 */
function claimValues(value: unknown): string[] | undefined {
  const scalar = (v: unknown) =>
    typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
  if (Array.isArray(value)) {
    const list = value.map(scalar).filter((v): v is string => v !== undefined);
    return list;
  }
  const one = scalar(value);
  return one === undefined ? undefined : [one];
}

/** The upstream identity of an ID token's claims and the userinfo answer (which wins where both say). */
export function toUpstreamIdentity(
  idClaims: Record<string, unknown>,
  userinfo: Record<string, unknown> | undefined,
): UpstreamIdentity {
  const merged: Record<string, unknown> = { ...idClaims, ...userinfo, sub: idClaims.sub };
  const attributes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(merged)) {
    const values = claimValues(value);
    if (values) attributes[name] = values;
  }
  const amr = Array.isArray(idClaims.amr)
    ? idClaims.amr.filter((v): v is string => typeof v === 'string')
    : [];
  const acr = typeof idClaims.acr === 'string' ? [idClaims.acr] : [];
  return {
    subject: String(idClaims.sub),
    attributes,
    emailVerified: merged.email_verified === true,
    authnContext: [...new Set([...amr, ...acr])],
  };
}

/**
 * The OIDC protocol: `begin` for the core's start, `callback` for the callback route, `test`
 * for the Provider screen's test button. One per server; it caches each provider's discovery.
 */
export class OidcProtocol implements RedirectProtocol {
  private readonly configurations = new Map<string, { at: number; config: Promise<client.Configuration> }>();
  private readonly now: () => number;

  constructor(private readonly options: OidcProtocolOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether requests to this issuer may go over plain HTTP: only outside production. */
  private insecureAllowed(issuer: string): boolean {
    return !this.options.production && issuer.startsWith('http://');
  }

  /**
   * The provider's Configuration: its discovery, kept a few minutes. The key holds the issuer,
   * the client id and the secret's hash, so an edit of the provider is seen at once.
   */
  configuration(provider: ProviderRecord): Promise<client.Configuration> {
    const { issuer, clientId } = settingsOf(provider);
    const key = [provider.providerId, issuer, clientId, provider.secret ? hash(provider.secret) : ''].join(
      ' ',
    );
    const cached = this.configurations.get(key);
    if (cached && this.now() - cached.at < DISCOVERY_CACHE_MS) return cached.config;
    const config = this.discover(issuer, clientId, provider.secret);
    this.configurations.set(key, { at: this.now(), config });
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => {
      if (this.configurations.get(key)?.config === config) this.configurations.delete(key);
    });
    return config;
  }

  private async discover(
    issuer: string,
    clientId: string,
    secret: string | null,
  ): Promise<client.Configuration> {
    const insecure = this.insecureAllowed(issuer);
    const found = await client.discovery(new URL(issuer), clientId, undefined, undefined, {
      timeout: OIDC_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
    const metadata = found.serverMetadata();
    const { auth } = clientAuthFor(secret, metadata.token_endpoint_auth_methods_supported);
    const config = new client.Configuration(metadata, clientId, undefined, auth);
    config.timeout = OIDC_TIMEOUT_SECONDS;
    if (insecure) client.allowInsecureRequests(config);
    // The ID token's signature is checked against the provider's JWKS as well. openid-client
    // skips it for a token from the token endpoint, whose TLS vouches for the issuer; but an
    // http:// issuer outside production has no TLS, and a check costs well under a
    // millisecond once the JWKS is cached (with this Configuration, refetched for a new `kid`).
    client.enableNonRepudiationChecks(config);
    return config;
  }

  async begin(
    provider: ProviderRecord,
    flowId: string,
    origin: string,
  ): Promise<{ redirectTo: string; data: OidcFlowData }> {
    const settings = settingsOf(provider);
    const config = await this.configuration(provider);
    const nonce = client.randomNonce();
    const params: Record<string, string> = {
      response_type: 'code',
      redirect_uri: redirectUriOf(origin, provider.providerId),
      scope: scopesOf(settings.scopes),
      state: flowId,
      nonce,
    };
    let codeVerifier: string | null = null;
    if (settings.pkce !== false) {
      codeVerifier = client.randomPKCECodeVerifier();
      params.code_challenge = await client.calculatePKCECodeChallenge(codeVerifier);
      params.code_challenge_method = 'S256';
    }
    const url = client.buildAuthorizationUrl(config, params);
    return { redirectTo: url.href, data: { nonce, codeVerifier } };
  }

  /**
   * The callback: the code exchanged (state, nonce, PKCE and `iss` checked, the ID token
   * validated by openid-client), the userinfo read when there is one, and who signed in.
   * `currentUrl` is the redirect URI with the query the upstream sent; an `error` answer or any
   * failed check throws an `OidcUpstreamError`.
   */
  async callback(provider: ProviderRecord, flow: Flow, currentUrl: URL): Promise<UpstreamIdentity> {
    const data = flow.data as Partial<OidcFlowData>;
    if (typeof data.nonce !== 'string') throw new OidcUpstreamError('the flow has no nonce', 'flow');
    try {
      const config = await this.configuration(provider);
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        expectedState: flow.flowId,
        expectedNonce: data.nonce,
        ...(typeof data.codeVerifier === 'string' ? { pkceCodeVerifier: data.codeVerifier } : {}),
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcUpstreamError('no ID token', 'id_token');
      let userinfo: Record<string, unknown> | undefined;
      if (tokens.access_token && config.serverMetadata().userinfo_endpoint)
        userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return toUpstreamIdentity(claims, userinfo);
    } catch (err) {
      if (err instanceof OidcUpstreamError) throw err;
      throw new OidcUpstreamError(
        err instanceof Error ? err.message : 'the code exchange failed',
        upstreamReason(err),
        { cause: err },
      );
    }
  }

  /**
   * The Provider screen's test: the discovery document reachable, its issuer the one
   * configured, its authorization and token endpoints there, its JWKS reachable with keys.
   * Each step says what it found; a step that fails ends the test.
   */
  async test(provider: ProviderRecord): Promise<ProviderTestResult> {
    const { issuer } = settingsOf(provider);
    const steps: ProviderTestResult['steps'] = [];
    const done = () => ({ ok: steps.every((s) => s.ok), steps });
    const step = (name: string, ok: boolean, detail: string | null) => {
      steps.push({ step: name, ok, detail });
      return ok;
    };
    if (issuer.startsWith('http://') && !this.insecureAllowed(issuer)) {
      step('discovery', false, 'An http:// issuer is refused in production; use https://');
      return done();
    }
    const url = discoveryUrl(issuer);
    let metadata: Record<string, unknown>;
    try {
      metadata = await getJson(url);
    } catch (err) {
      step('discovery', false, `${url.href}: ${errorText(err)}`);
      return done();
    }
    step('discovery', true, url.href);
    const found = typeof metadata.issuer === 'string' ? metadata.issuer : null;
    // As openid-client compares them: the same URL, so a bare origin's trailing slash is no difference.
    if (!step('issuer', found !== null && sameUrl(found, issuer), found)) return done();
    const endpoints = ['authorization_endpoint', 'token_endpoint'] as const;
    const missing = endpoints.filter((e) => typeof metadata[e] !== 'string');
    if (
      !step(
        'endpoints',
        missing.length === 0,
        missing.length ? `missing: ${missing.join(', ')}` : endpoints.map((e) => metadata[e]).join(' '),
      )
    )
      return done();
    if (typeof metadata.jwks_uri !== 'string') {
      step('jwks', false, 'missing: jwks_uri');
      return done();
    }
    try {
      const jwks = await getJson(new URL(metadata.jwks_uri));
      const keys = Array.isArray(jwks.keys) ? jwks.keys.length : 0;
      step('jwks', keys > 0, `${metadata.jwks_uri}: ${keys} key(s)`);
    } catch (err) {
      step('jwks', false, `${metadata.jwks_uri}: ${errorText(err)}`);
    }
    return done();
  }
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

async function getJson(url: URL): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: { accept: 'application/json' },
    redirect: 'manual',
    signal: AbortSignal.timeout(OIDC_TIMEOUT_SECONDS * 1000),
  });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not a JSON object');
  return body as Record<string, unknown>;
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

/** A short reason for the log: the upstream's `error`, or openid-client's code. */
function upstreamReason(err: unknown): string {
  if (err instanceof client.AuthorizationResponseError) return `upstream:${err.error}`;
  if (err instanceof client.ResponseBodyError) return `token:${err.error}`;
  if (err instanceof Error && 'code' in err && typeof err.code === 'string') return err.code;
  return 'exchange';
}

/**
 * The server's OIDC protocol. Production is NODE_ENV=production, as `AppConfig.production`
 * reads it: the crud service's test and the callback route share this one instance (and its
 * discovery cache) without the config being passed down to either.
 */
export const oidcProtocol = new OidcProtocol({ production: process.env.NODE_ENV === 'production' });

/** The callback's half of a sign-in (oidc-routes.ts). */
export const oidcCallback = (
  provider: ProviderRecord,
  flow: Flow,
  currentUrl: URL,
): Promise<UpstreamIdentity> => oidcProtocol.callback(provider, flow, currentUrl);

/** The Provider screen's test of an OIDC provider (crud). */
export const testOidc = (provider: ProviderRecord): Promise<ProviderTestResult> =>
  oidcProtocol.test(provider);
