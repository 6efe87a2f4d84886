import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createdClientSchema } from '@gatehouse/contract';
import { buildApi } from '@gatehouse/example-api';
import { can, createVerifier, InvalidTokenError, type Verifier } from '@gatehouse/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationApis, rolePermissions } from '../src/db/schema/index.ts';
import { resourceIndicatorOf } from '../src/modules/oidc/resources.ts';
import { createApplication } from './fixtures.ts';
import { build, type TestContext } from './helper.ts';
import { clientPost, codeFlow, type RelyingParty } from './oidc-flow.ts';

/**
 * @gatehouse/node and examples/api against a real Gatehouse: its tokens, fetched through the
 * code flow and client credentials with a resource, verified with its published JWKS.
 */
let t: TestContext;
let origin: string;
let shop: string;
let other: string;
let web: RelyingParty & { secret: string };
let otherWeb: { client: string; secret: string };
let clerk: { username: string; password: string; userId: string };
let reader: { username: string; password: string; userId: string };
let verify: Verifier;
let api: ReturnType<typeof buildApi>;

const REDIRECT = 'http://127.0.0.1:4000/cb';
const SPA_ORIGIN = 'http://localhost:5173';
const CLIENTS = '/api/admin-service/v2/application/client';

async function applicationFor(name: string) {
  const applicationId = await createApplication(t.db, `${name}-${randomBytes(3).toString('hex')}`, name);
  await t.db.insert(applicationApis).values({ applicationId, method: 'GET', pathPattern: '/orders' });
  return applicationId;
}

async function roleWith(applicationId: string, actions: ('retrieve' | 'update')[]) {
  const role = await t.createRole();
  await t.db
    .insert(rolePermissions)
    .values({ roleId: role.roleId, applicationId, permissionId: 'orders', actions });
  return role.roleId;
}

beforeAll(async () => {
  t = await build({ config: { secretKey: randomBytes(32), issuer: undefined } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = await t.login();
  shop = await applicationFor('shop');
  other = await applicationFor('other');
  clerk = await t.createUser({ roleIds: [await roleWith(shop, ['retrieve', 'update'])] });
  reader = await t.createUser({ roleIds: [await roleWith(shop, ['retrieve'])] });
  const created = async (applicationId: string, redirectUrl?: string) => {
    const res = await t.post(CLIENTS, { clientName: 'Client', applicationId, redirectUrl }, admin);
    expect(res.statusCode, res.body).toBe(201);
    const client = createdClientSchema.parse(res.json());
    return { client: client.client, secret: client.secret! };
  };
  web = { ...(await created(shop, REDIRECT)), redirectUri: REDIRECT };
  otherWeb = await created(other);
  verify = createVerifier({ issuer: `${origin}/oidc`, audience: resourceIndicatorOf(shop) });
  api = buildApi(verify, { corsOrigins: [SPA_ORIGIN] });
  await api.ready();
});

afterAll(() => api.close());

async function userToken(user: { username: string; password: string }) {
  const resource = resourceIndicatorOf(shop);
  const res = await codeFlow(origin, t.inject, web, user, { authorize: { resource }, redeem: { resource } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.access_token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('@gatehouse/node with a real Gatehouse', () => {
  it('verifies a client-credentials JWT with the published JWKS', async () => {
    const res = await clientPost(origin, '/token', web, {
      grant_type: 'client_credentials',
      resource: resourceIndicatorOf(shop),
    });
    expect(res.status).toBe(200);
    const token = await verify(res.json.access_token as string);
    expect(token).toMatchObject({
      iss: `${origin}/oidc`,
      aud: resourceIndicatorOf(shop),
      client_id: web.client,
    });
    expect(can(token, 'orders', 'retrieve')).toBe(false);
  });

  it("verifies a user's JWT from the code flow and checks its permissions", async () => {
    const token = await verify(await userToken(clerk));
    expect(token.sub).toBe(clerk.userId);
    expect(can(token, 'orders', 'update')).toBe(true);
    expect(can(token, 'orders', 'delete')).toBe(false);
  });

  it("refuses Gatehouse's other tokens: opaque, the ID token, another application's", async () => {
    const opaque = await clientPost(origin, '/token', web, { grant_type: 'client_credentials' });
    await expect(verify(opaque.json.access_token as string)).rejects.toBeInstanceOf(InvalidTokenError);
    const signIn = await codeFlow(origin, t.inject, web, clerk);
    // Same issuer and keys, but an ID token (typ JWT, aud the client) is no access token.
    await expect(verify(signIn.json.id_token as string)).rejects.toBeInstanceOf(InvalidTokenError);
    const foreign = await clientPost(origin, '/token', otherWeb, {
      grant_type: 'client_credentials',
      resource: resourceIndicatorOf(other),
    });
    expect(foreign.status, JSON.stringify(foreign.json)).toBe(200);
    await expect(verify(foreign.json.access_token as string)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('examples/api', () => {
  it('answers 401 without a valid token, 403 without the permission and 200 with it', async () => {
    expect((await api.inject({ method: 'GET', url: '/orders' })).statusCode).toBe(401);
    const opaque = await clientPost(origin, '/token', web, { grant_type: 'client_credentials' });
    const withOpaque = await api.inject({
      method: 'GET',
      url: '/orders',
      headers: bearer(opaque.json.access_token as string),
    });
    expect(withOpaque.statusCode).toBe(401);
    expect(withOpaque.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);

    const readerToken = await userToken(reader);
    expect(
      (await api.inject({ method: 'GET', url: '/orders', headers: bearer(readerToken) })).statusCode,
    ).toBe(200);
    const refused = await api.inject({
      method: 'PUT',
      url: '/orders/1',
      headers: bearer(readerToken),
      payload: { status: 'shipped' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'insufficient_scope' });

    const clerkToken = await userToken(clerk);
    const updated = await api.inject({
      method: 'PUT',
      url: '/orders/1',
      headers: bearer(clerkToken),
      payload: { status: 'shipped' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'shipped', updatedBy: clerk.userId });
    // No element granted: the refund stays closed to both.
    expect(
      (await api.inject({ method: 'POST', url: '/orders/1/refund', headers: bearer(clerkToken) })).statusCode,
    ).toBe(403);
  });

  it("answers CORS for its browser apps' origins and no other", async () => {
    const preflight = (origin: string) =>
      api.inject({
        method: 'OPTIONS',
        url: '/orders/1',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight(SPA_ORIGIN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(SPA_ORIGIN);
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    expect(
      (await preflight('https://elsewhere.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();

    // The answer itself, a refusal included, is readable by the app with the reason.
    const refused = await api.inject({ method: 'GET', url: '/orders', headers: { origin: SPA_ORIGIN } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(SPA_ORIGIN);
    expect(refused.headers['access-control-expose-headers']).toBe('www-authenticate');
  });
});
