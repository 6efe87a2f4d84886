import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  change: { iss?: string; aud?: string; typ?: string; key?: CryptoKey; kid?: string; exp?: number } = {},
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
    .sign(change.key ?? privateKey);
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

  describe('with the JWKS of a server', () => {
    let server: ReturnType<typeof createServer>;
    let fetches = 0;
    beforeAll(async () => {
      server = createServer((req, res) => {
        fetches += 1;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(req.url === '/oidc/jwks' ? { keys: [jwk] } : {}));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches <issuer>/jwks once for many tokens', async () => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
      const remote = createVerifier({ issuer, audience: AUDIENCE });
      const now = Math.floor(Date.now() / 1000);
      const token = () =>
        new SignJWT({ client_id: 'gh_shop' })
          .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(AUDIENCE)
          .setSubject('user-1')
          .setJti(`jti-${Math.random()}`)
          .setIssuedAt(now)
          .setExpirationTime(now + 60)
          .sign(privateKey);
      for (let i = 0; i < 5; i++)
        await expect(remote(await token())).resolves.toMatchObject({ sub: 'user-1' });
      expect(fetches).toBe(1);
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
