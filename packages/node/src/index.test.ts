import { createHmac, createPublicKey, type JsonWebKey as NodeJwk } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccessToken,
  authorize,
  bearerToken,
  can,
  createVerifier,
  guard,
  guardMiddleware,
  InvalidTokenError,
} from './index.ts';

const ISSUER = 'https://gatehouse.example/oidc';
const AUDIENCE = 'urn:gatehouse:application:shop';
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwk: JWK;
let verify: ReturnType<typeof createVerifier>;

const GRANTS = {
  permissions: [{ permissionId: 'orders', actions: ['retrieve', 'update'] }],
  elements: ['order:refund'],
};

/** A token as Gatehouse signs one; `change` alters its issuer, audience, header, expiry or key. */
async function sign(
  change: {
    iss?: string;
    aud?: string | string[];
    typ?: string;
    key?: CryptoKey;
    kid?: string;
    exp?: number;
    nbf?: number;
  } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ client_id: 'gh_shop', scope: 'gatehouse', ...GRANTS })
    .setProtectedHeader({ alg: 'RS256', typ: change.typ ?? 'at+jwt', kid: change.kid ?? 'k1' })
    .setIssuer(change.iss ?? ISSUER)
    .setAudience(change.aud ?? AUDIENCE)
    .setSubject('user-1')
    .setJti(`jti-${Math.random()}`)
    .setIssuedAt(now)
    .setExpirationTime(change.exp ?? now + 600)
    .setNotBefore(change.nbf ?? now)
    .sign(change.key ?? privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token whose header is `header` and whose signature `signature` makes over its input. */
async function forge(header: Record<string, unknown>, signature: (input: string) => string) {
  const input = `${b64(header)}.${(await sign()).split('.')[1]}`;
  return `${input}.${signature(input)}`;
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  verify = createVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks: createLocalJWKSet({ keys: [jwk] }) });
});

describe('createVerifier', () => {
  it("accepts Gatehouse's token and gives its claims", async () => {
    const token = await verify(await sign());
    expect(token).toMatchObject({ sub: 'user-1', client_id: 'gh_shop', aud: AUDIENCE, ...GRANTS });
  });

  it('refuses another audience, another issuer, another type, another key, and a changed payload', async () => {
    const refused = [
      await sign({ aud: 'urn:gatehouse:application:billing' }),
      await sign({ iss: 'https://elsewhere.example/oidc' }),
      // An ID token is a JWT of the same issuer and keys, not an access token.
      await sign({ typ: 'JWT' }),
      await sign({ key: otherKey }),
    ];
    const [header, , signature] = (await sign()).split('.');
    const widened = Buffer.from(JSON.stringify({ sub: 'admin', permissions: [] })).toString('base64url');
    refused.push(`${header}.${widened}.${signature}`);
    const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${(await sign()).split('.')[1]}.`;
    refused.push(none);
    for (const token of refused) await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('tolerates the clock difference it is given on expiry, no more', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verify(await sign({ exp: now - 2 }))).resolves.toBeTruthy();
    await expect(verify(await sign({ exp: now - 30 }))).rejects.toBeInstanceOf(InvalidTokenError);
    const strict = createVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: createLocalJWKSet({ keys: [jwk] }),
      clockTolerance: 0,
    });
    await expect(strict(await sign({ exp: now - 2 }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('remembers a verified token until it expires, and shares its claims read-only', async () => {
    const now = Math.floor(Date.now() / 1000);
    const strict = createVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: createLocalJWKSet({ keys: [jwk] }),
      clockTolerance: 0,
    });
    const token = await sign({ exp: now + 2 });
    const first = await strict(token);
    expect(await strict(token)).toBe(first);
    expect(Object.isFrozen(first.permissions?.[0]?.actions)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, (now + 2 - Date.now() / 1000) * 1000 + 50));
    await expect(strict(token)).rejects.toBeInstanceOf(InvalidTokenError);
    const uncached = createVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: createLocalJWKSet({ keys: [jwk] }),
      cacheSize: 0,
    });
    const fresh = await sign();
    expect(await uncached(fresh)).not.toBe(await uncached(fresh));
  });

  it('accepts typ at+jwt as a media type too, and refuses any other typ or none', async () => {
    await expect(verify(await sign({ typ: 'application/at+jwt' }))).resolves.toMatchObject({ sub: 'user-1' });
    await expect(verify(await sign({ typ: 'AT+JWT' }))).resolves.toMatchObject({ sub: 'user-1' });
    for (const typ of ['JWT', 'logout+jwt', 'at+jwt2', 'application/jwt']) {
      await expect(verify(await sign({ typ })), typ).rejects.toThrow(/typ at\+jwt/);
    }
    // Signed with the right key, but without a typ at all.
    const untyped = await new SignJWT({ client_id: 'gh_shop', jti: 'j' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await expect(verify(untyped)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses alg none, and HS256 keyed with the public key (algorithm confusion)', async () => {
    const pem = createPublicKey({ key: jwk as NodeJwk, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const hmac = (secret: string) => (input: string) =>
      createHmac('sha256', secret).update(input).digest('base64url');
    const forged = [
      await forge({ alg: 'none', typ: 'at+jwt', kid: 'k1' }, () => ''),
      await forge({ alg: 'none', typ: 'at+jwt' }, () => ''),
      await forge({ alg: 'NONE', typ: 'at+jwt', kid: 'k1' }, () => ''),
      await forge({ alg: 'HS256', typ: 'at+jwt', kid: 'k1' }, hmac(pem)),
      await forge({ alg: 'HS256', typ: 'at+jwt', kid: 'k1' }, hmac(JSON.stringify(jwk))),
      await forge({ alg: 'HS256', typ: 'at+jwt' }, hmac(pem)),
      // HS256 keyed with the public key, while the header claims RS256.
      await forge({ alg: 'RS256', typ: 'at+jwt', kid: 'k1' }, hmac(pem)),
    ];
    for (const token of forged) await expect(verify(token), token).rejects.toBeInstanceOf(InvalidTokenError);
    // A JWKS that offers a secret for the kid is refused too: no HMAC check with any key.
    const secretJwks = async () => new TextEncoder().encode(pem);
    const confused = createVerifier({ issuer: ISSUER, audience: AUDIENCE, jwks: secretJwks });
    await expect(confused(await sign())).rejects.toThrow(/not an RSA public key/);
  });

  it('refuses an expired token, and one not valid yet', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verify(await sign({ exp: now - 3600 }))).rejects.toThrow(/expired/);
    await expect(verify(await sign({ nbf: now + 3600 }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token for another audience or from another issuer, and accepts one audience among several', async () => {
    await expect(verify(await sign({ aud: 'urn:gatehouse:application:billing' }))).rejects.toThrow(/aud/);
    await expect(verify(await sign({ aud: `${AUDIENCE}:x` }))).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(
      verify(await sign({ aud: ['urn:gatehouse:application:billing', AUDIENCE] })),
    ).resolves.toBeTruthy();
    await expect(verify(await sign({ iss: 'https://elsewhere.example/oidc' }))).rejects.toThrow(/iss/);
    await expect(verify(await sign({ iss: `${ISSUER}/` }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a tampered signature, and a token signed by a key of another kid', async () => {
    const [header, payload, signature] = (await sign()).split('.') as [string, string, string];
    const bytes = Buffer.from(signature, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    await expect(verify(`${header}.${payload}.${bytes.toString('base64url')}`)).rejects.toThrow(/signature/);
    await expect(verify(`${header}.${payload}.`)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(`${header}.${payload}`)).rejects.toBeInstanceOf(InvalidTokenError);
    // The signature of another token over the same header.
    const another = (await sign()).split('.')[2];
    await expect(verify(`${header}.${payload}.${another}`)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(await sign({ kid: 'k2' }))).rejects.toBeInstanceOf(InvalidTokenError);
    // A key the token brings itself (`jwk`, `jku`) is never used: only the JWKS's.
    const other = await generateKeyPair('RS256');
    const own = { ...(await exportJWK(other.publicKey)), kid: 'k1' };
    const selfSigned = await new SignJWT({ client_id: 'gh_shop', jti: 'j', ...GRANTS })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'at+jwt',
        kid: 'k1',
        jwk: own,
        jku: 'https://evil.example/jwks',
      })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('admin')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(other.privateKey);
    await expect(verify(selfSigned)).rejects.toThrow(/signature/);
  });

  describe('with the JWKS of a server', () => {
    let server: ReturnType<typeof createServer>;
    let fetches = 0;
    /** The keys the server publishes: a rotation adds one. */
    let served: JWK[] = [];
    beforeAll(async () => {
      served = [jwk];
      server = createServer((req, res) => {
        fetches += 1;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(req.url === '/oidc/jwks' ? { keys: served } : {}));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
    afterEach(() => {
      vi.useRealTimers();
    });

    const issuerOf = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
    const token = (kid = 'k1', key = privateKey) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ client_id: 'gh_shop' })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid })
        .setIssuer(issuerOf())
        .setAudience(AUDIENCE)
        .setSubject('user-1')
        .setJti(`jti-${Math.random()}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(key);
    };

    it('fetches <issuer>/jwks once for many tokens', async () => {
      const remote = createVerifier({ issuer: issuerOf(), audience: AUDIENCE });
      const before = fetches;
      for (let i = 0; i < 5; i++)
        await expect(remote(await token())).resolves.toMatchObject({ sub: 'user-1' });
      expect(fetches - before).toBe(1);
    });

    it('treats a JWKS that is not a key set as an outage, not a bad token', async () => {
      const misplaced = createVerifier({
        issuer: issuerOf(),
        audience: AUDIENCE,
        jwksUri: `${issuerOf()}/keys`,
      });
      const err = await misplaced(await token()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(InvalidTokenError);
    });

    it('fetches the JWKS again for an unknown kid after a rotation, at most once every 30 seconds', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const remote = createVerifier({ issuer: issuerOf(), audience: AUDIENCE });
      const before = fetches;
      await expect(remote(await token())).resolves.toMatchObject({ sub: 'user-1' });
      expect(fetches - before).toBe(1);

      // Gatehouse rotates its keys: k2 is published and signs the next tokens.
      const next = await generateKeyPair('RS256');
      served = [{ ...(await exportJWK(next.publicKey)), kid: 'k2', alg: 'RS256', use: 'sig' }, jwk];
      // Within 30 seconds of the last fetch, an unknown kid is refused without a fetch.
      await expect(remote(await token('k2', next.privateKey))).rejects.toBeInstanceOf(InvalidTokenError);
      expect(fetches - before).toBe(1);

      vi.setSystemTime(Date.now() + 31_000);
      await expect(remote(await token('k2', next.privateKey))).resolves.toMatchObject({ sub: 'user-1' });
      expect(fetches - before).toBe(2);
      // The old key still verifies the tokens it signed, without a fetch.
      await expect(remote(await token('k1'))).resolves.toMatchObject({ sub: 'user-1' });
      // A kid nobody published: refused, and no fetch per token (an attacker cannot make the
      // API hammer Gatehouse's JWKS).
      for (let i = 0; i < 5; i++)
        await expect(remote(await token('k9', otherKey))).rejects.toBeInstanceOf(InvalidTokenError);
      expect(fetches - before).toBe(2);
      vi.setSystemTime(Date.now() + 31_000);
      for (let i = 0; i < 5; i++)
        await expect(remote(await token('k9', otherKey))).rejects.toBeInstanceOf(InvalidTokenError);
      expect(fetches - before).toBe(3);
      // A key that left the JWKS: its tokens are refused once the JWKS is fetched again.
      served = served.filter((key) => key.kid !== 'k1');
      vi.setSystemTime(Date.now() + 11 * 60_000);
      await expect(remote(await token('k1'))).rejects.toBeInstanceOf(InvalidTokenError);
      expect(fetches - before).toBe(4);
      served = [jwk];
    });
  });
});

describe('can', () => {
  const token = GRANTS as Pick<AccessToken, 'permissions' | 'elements'>;
  it('checks a permission with an action, and an element code without one', () => {
    expect(can(token, 'orders', 'update')).toBe(true);
    expect(can(token, 'orders', 'delete')).toBe(false);
    expect(can(token, 'invoices', 'retrieve')).toBe(false);
    expect(can(token, 'order:refund')).toBe(true);
    expect(can(token, 'orders')).toBe(false);
    expect(can({}, 'orders', 'retrieve')).toBe(false);
    expect(can({}, 'order:refund')).toBe(false);
  });
});

describe('bearerToken', () => {
  it('reads the Bearer scheme only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken(['Bearer a', 'Bearer b'])).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('guardMiddleware (Express, Connect, node:http)', () => {
  type Recorded = { statusCode: number; headers: Record<string, string>; body: string; next?: unknown[] };
  /** Runs the middleware until it answers or calls next; what it did. */
  const run = (
    middleware: ReturnType<typeof guardMiddleware>,
    req: { headers: { authorization?: string }; gatehouse?: AccessToken },
  ) =>
    new Promise<Recorded>((resolve) => {
      const recorded: Recorded = { statusCode: 200, headers: {}, body: '' };
      const res = Object.assign(recorded, {
        setHeader: (name: string, value: string) => {
          recorded.headers[name] = value;
        },
        end: (body: string) => {
          recorded.body = body;
          resolve(recorded);
        },
      });
      middleware(req, res, (...args: unknown[]) => resolve({ ...recorded, next: args }));
    });

  it('answers 401 without or with a bad token, 403 without the permission, and lets the holder through', async () => {
    const orders = guardMiddleware(verify, { permission: 'orders', action: 'update' });
    const missing = await run(orders, { headers: {} });
    expect(missing.statusCode).toBe(401);
    expect(missing.next).toBeUndefined();
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    const bad = await run(orders, { headers: { authorization: `Bearer ${await sign({ key: otherKey })}` } });
    expect(bad.statusCode).toBe(401);
    const refunds = guardMiddleware(verify, { permission: 'orders', action: 'delete' });
    const short = await run(refunds, { headers: { authorization: `Bearer ${await sign()}` } });
    expect(short.statusCode).toBe(403);
    expect(short.headers['www-authenticate']).toMatch(/^Bearer error="insufficient_scope"/);
    expect(JSON.parse(short.body)).toEqual({ error: 'insufficient_scope', error_description: 'not allowed' });
    const req: { headers: { authorization: string }; gatehouse?: AccessToken } = {
      headers: { authorization: `Bearer ${await sign()}` },
    };
    const passed = await run(orders, req);
    expect(passed.next).toEqual([]);
    expect(req.gatehouse?.sub).toBe('user-1');
  });

  it('passes an unreachable JWKS to next, not a 401', async () => {
    const broken = createVerifier({ issuer: 'http://127.0.0.1:9/oidc', audience: AUDIENCE });
    const outcome = await run(guardMiddleware(broken), {
      headers: { authorization: `Bearer ${await sign()}` },
    });
    expect(outcome.next?.[0]).toBeInstanceOf(Error);
    expect(outcome.next?.[0]).not.toBeInstanceOf(InvalidTokenError);
    expect(outcome.body).toBe('');
  });
});

describe('guard (Fastify preHandler)', () => {
  const reply = () => {
    const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
    const r = {
      sent,
      code(status: number) {
        sent.status = status;
        return r;
      },
      header(name: string, value: string) {
        sent.headers[name] = value;
        return r;
      },
      send(body: unknown) {
        sent.body = body;
        return r;
      },
    };
    return r;
  };

  it('answers through the reply, checks an element code, and sets request.gatehouse', async () => {
    const none = reply();
    await guard(verify)({ headers: {} }, none);
    expect(none.sent).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
    const refused = reply();
    await guard(verify, { element: 'order:void' })(
      { headers: { authorization: `Bearer ${await sign()}` } },
      refused,
    );
    expect(refused.sent).toMatchObject({ status: 403, body: { error: 'insufficient_scope' } });
    const request: { headers: { authorization: string }; gatehouse?: AccessToken } = {
      headers: { authorization: `Bearer ${await sign()}` },
    };
    const allowed = reply();
    await guard(verify, { element: 'order:refund' })(request, allowed);
    expect(allowed.sent.status).toBeUndefined();
    expect(request.gatehouse?.elements).toEqual(['order:refund']);
    expect((await authorize(verify, 'Basic x')).ok).toBe(false);
  });
});
