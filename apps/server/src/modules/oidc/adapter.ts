import {
  backchannelLogoutUriProblem,
  redirectUriProblem,
  redirectUrisOf,
  webOriginProblem,
} from '@gatehouse/contract';
import type { Adapter, AdapterPayload, errors as oidcErrors } from 'oidc-provider';
import type { Database } from '../../db/client.ts';
import type { CallerCache } from '../../lib/caller-cache.ts';
import { hashToken } from '../../lib/tokens.ts';
import * as repo from './repository.ts';
import { WriteBatch } from './write-batch.ts';

type PayloadInsert = Parameters<typeof repo.upsertPayload>[1];

/** What a client's metadata carries besides the standard fields, so claims and secrets find their rows. */
export const CLIENT_APPLICATION = 'gatehouse_application_id';
/** The client's unexpired secret hashes, read with it, for `compareClientSecret` (provider.ts). */
export const CLIENT_SECRETS = 'gatehouse_secrets';
/** The origins the client's browser app may call the provider's endpoints from (`clientBasedCORS`). */
export const CLIENT_WEB_ORIGINS = 'gatehouse_web_origins';

/**
 * The redirect URIs a sign-in may use: those of the client's field that today's rules accept.
 * One stored before the rules (a fragment, plain http to a host other than the loopback) is
 * left out, so the provider refuses it like an unregistered one, while the client's other
 * URIs and its client-credentials grant keep working: oidc-provider would otherwise refuse
 * the whole client's metadata for a fragment.
 */
export function usableRedirectUris(redirectUrl: string | null): string[] {
  return redirectUrisOf(redirectUrl).filter((uri) => redirectUriProblem(uri) === undefined);
}

/**
 * Where the client's browser app runs: the origins of its usable redirect URIs (absolute
 * http(s) URLs, `usableRedirectUris`), and the web origins listed for it that today's rules
 * accept.
 */
export function webOriginsOf(usableUris: readonly string[], listed: readonly string[]): string[] {
  const origins = new Set(usableUris.map((uri) => new URL(uri).origin));
  for (const origin of listed) if (webOriginProblem(origin) === undefined) origins.add(origin);
  return [...origins];
}

/**
 * The metadata oidc-provider sees for one of our clients. `client_secret` is a per-process
 * random placeholder: the secrets are kept only hashed and checked in `compareClientSecret`
 * (see provider.ts), and no HMAC algorithm is enabled that would use the placeholder as a key.
 */
function clientMetadata(client: repo.UsableClient, secretPlaceholder: string): AdapterPayload {
  const redirectUris = usableRedirectUris(client.redirectUrl);
  const interactive = redirectUris.length > 0;
  // A public client proves nothing at the token endpoint (PKCE S256 is required of it, see
  // provider.ts) and has no client-credentials grant: it acts only for a signed-in user.
  const confidential = client.clientType === 'CONFIDENTIAL';
  const grantTypes = [
    ...(interactive ? ['authorization_code', 'refresh_token'] : []),
    ...(confidential ? ['client_credentials'] : []),
  ];
  return {
    client_id: client.client,
    client_name: client.clientName,
    ...(confidential
      ? { client_secret: secretPlaceholder, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    grant_types: grantTypes,
    response_types: interactive ? ['code'] : [],
    redirect_uris: redirectUris,
    post_logout_redirect_uris: redirectUris,
    // One stored before today's rules is left out like a redirect URI: the client then gets no logout tokens.
    ...(client.backchannelLogoutUri && !backchannelLogoutUriProblem(client.backchannelLogoutUri)
      ? {
          backchannel_logout_uri: client.backchannelLogoutUri,
          backchannel_logout_session_required: client.backchannelLogoutSessionRequired,
        }
      : {}),
    [CLIENT_APPLICATION]: client.applicationId,
    [CLIENT_SECRETS]: confidential ? client.secrets : [],
    [CLIENT_WEB_ORIGINS]: webOriginsOf(redirectUris, client.webOrigins),
  };
}

/**
 * The mark on the record of a JWT access token (provider.ts `extraTokenClaims`): presented as
 * a bare `jti` it is no opaque token (the provider refuses a payload of another format), and
 * found only through the signed JWT itself.
 */
export const JWT_FORMAT = 'jwt';

/** The models a JWT access token is recorded under. */
const JWT_MODELS = new Set(['AccessToken', 'ClientCredentials']);

/** Three base64url parts: a compact JWS, never an opaque token (base64url without dots). */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : undefined);

/**
 * How long an instance keeps a client it read, at most: the database's notices (migration
 * 0028) empty the cache at every change before that, so this only bounds what a missed notice
 * could leave behind.
 */
export const CLIENT_CACHE_MS = 60_000;

/** The OIDC clients an instance keeps, by client_id (a `CallerCache`: bounded, emptied on every change). */
export type ClientCache = CallerCache<repo.UsableClient>;

/** Until when a client read at `now` may be kept: not past the expiry of any of its secrets. */
function keepUntil(client: repo.UsableClient, now: number): number {
  let until = now + CLIENT_CACHE_MS;
  for (const secret of client.secrets) {
    if (secret.expiresAt !== null) until = Math.min(until, Date.parse(secret.expiresAt));
  }
  return until;
}

/**
 * The models whose id is the artefact a caller presents (an opaque token or code): their
 * payload is stored without its `jti`, which is that id. Sessions and interactions are found
 * by uid too, so they keep theirs; their ids only work inside the provider's signed cookies.
 */
const BEARER_MODELS = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'RegistrationAccessToken',
  'InitialAccessToken',
]);

/**
 * oidc-provider's storage, one instance per model, over the `oidc_payloads` table on either
 * driver. Clients are not stored here: they are read from the application configuration,
 * and kept in `clients` until the database announces a change to clients, their secrets or
 * applications (or `CLIENT_CACHE_MS` passes), so a token request reads no client row.
 *
 * Every id is stored as its SHA-256, and a bearer model's payload without its `jti`, which
 * `find` puts back from the id it was asked for: the database holds no token a caller could
 * present.
 */
export function adapterFactory(
  db: Database,
  secretPlaceholder: string,
  errors: typeof oidcErrors,
  /** The `jti` of a JWT access token the provider signed and that has not expired. */
  jwtIdOf: (value: string) => Promise<string | undefined>,
  clients: ClientCache,
) {
  /**
   * Client-credentials tokens, the one artefact a machine asks for at a high rate, are written
   * together when their requests overlap (write-batch.ts): each answer still waits for its
   * token's commit, so a token handed out is always stored.
   */
  const tokenWrites = new WriteBatch<PayloadInsert>((rows) => repo.upsertPayloads(db, rows));

  /** The usable client (enabled, in an enabled application), from the cache or the database. */
  const usableClient = async (clientId: string): Promise<repo.UsableClient | undefined> => {
    const cached = clients.get(clientId);
    if (cached) return cached;
    const generation = clients.begin();
    const client = await repo.findUsableClient(db, clientId);
    // An unknown or disabled client is not kept: what a caller names costs no memory.
    if (client) clients.set(clientId, client, keepUntil(client, Date.now()), generation);
    return client;
  };

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const { jti, ...withoutId } = payload;
      const row: PayloadInsert = {
        model: this.model,
        id: hashToken(id),
        payload: BEARER_MODELS.has(this.model) && jti === id ? withoutId : payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      if (this.model === 'ClientCredentials') await tokenWrites.add(row);
      else await repo.upsertPayload(db, row);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const client = await usableClient(id);
        return client ? clientMetadata(client, secretPlaceholder) : undefined;
      }
      if (JWT_MODELS.has(this.model) && COMPACT_JWS.test(id)) return this.findJwt(id);
      return this.toPayload(await repo.findPayload(db, this.model, hashToken(id)), id);
    }

    /** A JWT access token's record, by the `jti` of the signed token, without its mark. */
    private async findJwt(value: string): Promise<AdapterPayload | undefined> {
      const jti = await jwtIdOf(value);
      if (jti === undefined) return undefined;
      const found = this.toPayload(await repo.findPayload(db, this.model, hashToken(jti)), jti);
      if (found?.format !== JWT_FORMAT) return undefined;
      const { format: _mark, ...payload } = found;
      return payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.toPayload(await repo.findPayloadBy(db, this.model, 'uid', uid));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.toPayload(await repo.findPayloadBy(db, this.model, 'userCode', userCode));
    }

    /**
     * Marks a code or refresh token spent. The update succeeds only for the first of two
     * concurrent uses, even on two instances: the later one is reuse, so the grant and every
     * token issued from it are revoked and the request fails as invalid_grant.
     */
    async consume(id: string): Promise<void> {
      const key = hashToken(id);
      if (await repo.consumePayload(db, this.model, key)) return;
      const row = await repo.findPayload(db, this.model, key);
      const grantId = (row?.payload as AdapterPayload | undefined)?.grantId;
      if (grantId) await repo.deleteGrant(db, grantId, hashToken(grantId));
      throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      await repo.deletePayload(db, this.model, hashToken(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await repo.deleteGrant(db, grantId, hashToken(grantId));
    }

    /** The stored payload as the provider wrote it: with its `jti` again when `id` is known. */
    private toPayload(row: repo.PayloadRow | undefined, id?: string): AdapterPayload | undefined {
      if (!row) return undefined;
      const stored = row.payload as AdapterPayload;
      const payload = id !== undefined && stored.jti === undefined ? { ...stored, jti: id } : stored;
      const consumed = seconds(row.consumedAt);
      return consumed === undefined ? payload : { ...payload, consumed };
    }
  };
}
