import { createPublicKey, KeyObject, type JsonWebKey as NodeJwk } from 'node:crypto';
import { createVerifier as createJwtVerifier, TokenError } from 'fast-jwt';
import {
  createRemoteJWKSet,
  errors,
  type JWTHeaderParameters,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/**
 * @gatehouse/node: what an application's API needs to accept Gatehouse's access tokens. It
 * verifies a JWT access token (RFC 9068) against Gatehouse's JWKS, answers whether the token's
 * user may do something (`can`), and guards a route of Fastify, Express or node:http.
 */

/** The actions a permission grants, as the console names them. */
export type Action = 'create' | 'update' | 'retrieve' | 'delete';

/** A permission of the application and the actions granted on it. */
export type Permission = { permissionId: string; actions: string[] };

/** A verified access token's claims: RFC 9068's, plus the `gatehouse` scope's grants. */
export type AccessToken = JWTPayload & {
  sub: string;
  client_id: string;
  scope?: string;
  /** The user's permissions in the application, with their actions (scope `gatehouse`). */
  permissions?: Permission[];
  /** The element codes granted to the user in the application (scope `gatehouse`). */
  elements?: string[];
};

export type VerifierOptions = {
  /** Gatehouse's issuer, e.g. `https://gatehouse.example.com/oidc`. */
  issuer: string;
  /** The API's resource indicator, `urn:gatehouse:application:<applicationId>`: the tokens' `aud`. */
  audience: string;
  /** Where the signing keys are published; `<issuer>/jwks` unless given. */
  jwksUri?: string;
  /** The keys, for a caller that fetched or holds them itself (tests, an offline JWKS). */
  jwks?: JWTVerifyGetKey;
  /** Seconds of clock difference tolerated on `exp`, `iat` and `nbf`; 5 unless given. */
  clockTolerance?: number;
  /**
   * How many verified tokens are remembered, 1000 unless given (0: none). A token presented
   * again (the same string) skips the signature check, and only its times are checked again:
   * an API sees each user's token on many requests.
   */
  cacheSize?: number;
};

/** Why a token was refused: it is missing, or not a valid access token for this API. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

export type Verifier = (token: string) => Promise<AccessToken>;

/** `fast-jwt`'s synchronous verifier with `complete: true`: the signed header and the claims. */
type CheckToken = (token: string) => { header: JWTHeaderParameters; payload: AccessToken };

/** The `typ` of a JWT access token (RFC 9068 §4): `at+jwt`, or the same as a full media type. */
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt']);

/**
 * A verifier of JWT access tokens for one API: signed RS256 by Gatehouse (a key of its JWKS,
 * fetched once, again every 10 minutes, and for an unknown `kid` at most once every 30
 * seconds), of type `at+jwt`, issued by `issuer` for `audience`, and unexpired. Anything else
 * is an `InvalidTokenError`; a JWKS that cannot be fetched, or is not a key set, is an error
 * of its own, so an outage is not mistaken for a bad token. The claims it answers are frozen.
 *
 * The JWKS is read with `jose` (its remote key set, or `options.jwks`); the signature and
 * claims are checked with `fast-jwt` on `node:crypto`, whose RSA verification is about two and
 * a half times as fast as WebCrypto's in Node.
 */
export function createVerifier(options: VerifierOptions): Verifier {
  const jwks =
    options.jwks ??
    createRemoteJWKSet(new URL(options.jwksUri ?? `${options.issuer.replace(/\/$/, '')}/jwks`));
  const clockTolerance = options.clockTolerance ?? 5;
  /** A `fast-jwt` verifier for each key the JWKS gave, the key parsed once. */
  const byKey = new WeakMap<object, CheckToken>();
  const verifierFor = (key: object) => {
    let verifier = byKey.get(key);
    if (verifier === undefined) {
      const publicKey = rsaPublicKey(key);
      verifier = createJwtVerifier({
        key: publicKey.export({ type: 'spki', format: 'pem' }) as string,
        algorithms: ['RS256'],
        allowedIss: options.issuer,
        allowedAud: options.audience,
        clockTolerance: clockTolerance * 1000,
        requiredClaims: ['exp', 'iat', 'sub', 'client_id', 'jti'],
        complete: true,
        cache: false,
      }) as unknown as CheckToken;
      byKey.set(key, verifier);
    }
    return verifier;
  };
  const cacheSize = options.cacheSize ?? 1000;
  const verified = new Map<string, AccessToken>();
  return async (token) => {
    const known = verified.get(token);
    if (known !== undefined) {
      const now = Math.floor(Date.now() / 1000);
      if (known.exp! > now - clockTolerance) return known;
      verified.delete(token);
    }
    const [encodedHeader, payloadPart, signaturePart, extra] = token.split('.');
    if (extra !== undefined || !encodedHeader || !payloadPart || !signaturePart)
      throw new InvalidTokenError('the token is not a signed JWT');
    const header = decodeHeader(encodedHeader);
    // Before any key is looked up: an `alg` other than RS256 (`none`, HS256 with the public key
    // as the secret) and another type of JWT (an ID token, a logout token) go no further.
    if (header.alg !== 'RS256') throw new InvalidTokenError('the token is not signed RS256');
    if (typeof header.typ !== 'string' || !ACCESS_TOKEN_TYPES.has(header.typ.toLowerCase()))
      throw new InvalidTokenError('the token is not an access token (typ at+jwt)');
    let key: object;
    try {
      key = await jwks(header, { payload: payloadPart, protected: encodedHeader, signature: signaturePart });
    } catch (err) {
      // No key of the JWKS for its `kid` (after one refetch), or several: the token is at fault.
      if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys)
        throw new InvalidTokenError(err.message);
      throw err;
    }
    let payload: AccessToken;
    try {
      const complete = verifierFor(key)(token);
      // The signed header, checked again: RFC 9068 §4 asks for `typ` at+jwt.
      if (
        typeof complete.header.typ !== 'string' ||
        !ACCESS_TOKEN_TYPES.has(complete.header.typ.toLowerCase())
      )
        throw new InvalidTokenError('the token is not an access token (typ at+jwt)');
      payload = complete.payload;
    } catch (err) {
      if (err instanceof TokenError) throw new InvalidTokenError(err.message);
      throw err;
    }
    if (cacheSize > 0) {
      // The oldest entry goes first; a remembered token is shared, so it is read-only.
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value!);
      verified.set(token, deepFreeze(payload));
    }
    return payload;
  };
}

/**
 * The JWKS's key as a `node:crypto` public RSA key: a secret, or a key of another type, is
 * refused, so no token is checked as HS256 with the public key as its secret.
 */
function rsaPublicKey(key: object): KeyObject {
  let publicKey: KeyObject | undefined;
  if (key instanceof KeyObject) publicKey = key;
  else if (key instanceof CryptoKey) publicKey = KeyObject.from(key);
  else if (!(key instanceof Uint8Array) && 'kty' in key)
    publicKey = createPublicKey({ key: key as NodeJwk, format: 'jwk' });
  if (publicKey?.type !== 'public' || publicKey.asymmetricKeyType !== 'rsa')
    throw new InvalidTokenError('the key for the token is not an RSA public key');
  return publicKey;
}

/** A JWS's protected header, or an `InvalidTokenError` if it is not a JSON object. */
function decodeHeader(encoded: string): JWTHeaderParameters {
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('the token header is not JSON');
  }
  if (header === null || typeof header !== 'object' || Array.isArray(header))
    throw new InvalidTokenError('the token header is not a JSON object');
  return header as JWTHeaderParameters;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * What the token's user may do, with the console's semantics (spec §6): with an action, whether
 * a permission with that id grants it (the per-route check); without one, whether the element
 * code is granted (the element check).
 */
export function can(
  token: Pick<AccessToken, 'permissions' | 'elements'>,
  permissionOrElement: string,
  action?: Action,
): boolean {
  if (action === undefined) return token.elements?.includes(permissionOrElement) ?? false;
  return (
    token.permissions?.some((p) => p.permissionId === permissionOrElement && p.actions.includes(action)) ??
    false
  );
}

/** The bearer token of an `Authorization` header, or undefined. */
export function bearerToken(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization);
  return match?.[1];
}

/** What a route needs: a permission and action, or an element code; nothing beyond a valid token if left out. */
export type Need = { permission: string; action: Action } | { element: string };

type Outcome =
  | { ok: true; token: AccessToken }
  | { ok: false; status: 401 | 403; error: 'invalid_token' | 'insufficient_scope'; description: string };

/** Verifies the request's bearer token and checks `need`: the token, or the 401 or 403 to answer. */
export async function authorize(
  verify: Verifier,
  authorization: string | string[] | undefined,
  need?: Need,
): Promise<Outcome> {
  const raw = bearerToken(authorization);
  if (raw === undefined)
    return { ok: false, status: 401, error: 'invalid_token', description: 'a bearer token is required' };
  let token: AccessToken;
  try {
    token = await verify(raw);
  } catch (err) {
    if (err instanceof InvalidTokenError)
      return { ok: false, status: 401, error: 'invalid_token', description: err.message };
    throw err;
  }
  const allowed =
    need === undefined ||
    ('element' in need ? can(token, need.element) : can(token, need.permission, need.action));
  if (!allowed) return { ok: false, status: 403, error: 'insufficient_scope', description: 'not allowed' };
  return { ok: true, token };
}

/** Fastify's reply, as far as the guard uses it. */
type FastifyReplyLike = {
  code(status: number): FastifyReplyLike;
  header(name: string, value: string): FastifyReplyLike;
  send(body: unknown): unknown;
};
/** node:http's (and Express's) response, as far as the guard uses it. */
type NodeResponseLike = {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body: string): unknown;
};
type RequestLike = { headers: { authorization?: string | string[] | undefined }; gatehouse?: AccessToken };

const challengeOf = (outcome: { error: string; description: string }) =>
  `Bearer error="${outcome.error}", error_description="${outcome.description.replace(/["\\]/g, '')}"`;

/**
 * A Fastify `preHandler` for a route: a request without a valid token for this API gets 401,
 * one whose token lacks `need` 403, each with RFC 6750's `WWW-Authenticate` and a JSON body
 * `{ error, error_description }`. A request let through carries the verified token as
 * `request.gatehouse`. A JWKS that cannot be fetched is thrown: Fastify answers 500.
 */
export function guard(verify: Verifier, need?: Need) {
  return async function gatehouseGuard(request: RequestLike, reply: FastifyReplyLike): Promise<unknown> {
    const outcome = await authorize(verify, request.headers.authorization, need);
    if (outcome.ok) {
      request.gatehouse = outcome.token;
      return undefined;
    }
    return reply
      .code(outcome.status)
      .header('www-authenticate', challengeOf(outcome))
      .send({ error: outcome.error, error_description: outcome.description });
  };
}

/**
 * The same guard as an Express or Connect middleware (`(req, res, next)`), or for node:http:
 * 401 or 403 answered on `res`, the verified token as `req.gatehouse`, and a JWKS that cannot
 * be fetched passed to `next`.
 */
export function guardMiddleware(verify: Verifier, need?: Need) {
  return function gatehouseMiddleware(
    req: RequestLike,
    res: NodeResponseLike,
    next: (err?: unknown) => void,
  ): void {
    authorize(verify, req.headers.authorization, need).then((outcome) => {
      if (outcome.ok) {
        req.gatehouse = outcome.token;
        next();
        return;
      }
      res.statusCode = outcome.status;
      res.setHeader('www-authenticate', challengeOf(outcome));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: outcome.error, error_description: outcome.description }));
    }, next);
  };
}
