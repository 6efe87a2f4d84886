import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createdClientSchema } from '@gatehouse/contract';
import { eq } from 'drizzle-orm';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationApis,
  oidcPayloads,
  organizations,
  resources,
  rolePermissions,
  roleResources,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { resourceIndicatorOf } from '../src/modules/oidc/resources.ts';
import { createApplication, put } from './fixtures.ts';
import { build, type TestContext } from './helper.ts';
import { clientPost, codeFlow, type RelyingParty } from './oidc-flow.ts';

/**
 * Resource indicators (RFC 8707) and JWT access tokens (RFC 9068) for an application's APIs,
 * introspection by the API's resource server, and what the claims tell one application of a
 * user: against the listening server, with real clients and a real code flow.
 */
let t: TestContext;
let origin: string;
let admin: string;
let shop: string;
let billing: string;
let bare: string;
let user: { username: string; password: string; userId: string };
let shopRoleCode: string;
let shopRoleId: string;
let billingRoleCode: string;
let billingRoleId: string;
let shopWeb: RelyingParty & { secret: string };
let shopApi: { client: string; secret: string };
let shopSpa: RelyingParty;
let billingWeb: RelyingParty & { secret: string };
let bareWeb: { client: string; secret: string };

const REDIRECT = 'http://127.0.0.1:4000/cb';
const CLIENTS = '/api/admin-service/v2/application/client';
const MENUS = '/api/oauth2-server/authorization/menus';

async function createClient(applicationId: string, clientName: string, extra: object = {}) {
  const res = await t.post(CLIENTS, { clientName, applicationId, ...extra }, admin);
  expect(res.statusCode, res.body).toBe(201);
  const created = createdClientSchema.parse(res.json());
  return { client: created.client, secret: created.secret ?? undefined };
}

/** An application with one enabled API, a role granting `permissionId` and, when given, an element. */
async function applicationWithApi(name: string, permissionId: string, element?: string) {
  const applicationId = await createApplication(t.db, `${name}-${randomBytes(3).toString('hex')}`, name);
  await t.db
    .insert(applicationApis)
    .values({ applicationId, method: 'GET', pathPattern: '/orders/**', permissionIds: [] });
  const role = await t.createRole();
  await t.db
    .insert(rolePermissions)
    .values({ roleId: role.roleId, applicationId, permissionId, actions: ['retrieve', 'update'] });
  if (element) {
    const [category] = await t.db
      .insert(resources)
      .values({ applicationId, id: `${name}-category`, name, type: 'CATEGORY' })
      .returning();
    const [menu] = await t.db
      .insert(resources)
      .values({
        applicationId,
        id: `${name}-menu`,
        name,
        type: 'MENU',
        url: `/${name}`,
        parentId: category!.resourceId,
      })
      .returning();
    const [item] = await t.db
      .insert(resources)
      .values({ applicationId, id: element, name: element, type: 'ELEMENT', parentId: menu!.resourceId })
      .returning();
    await t.db
      .insert(roleResources)
      .values([category!, menu!, item!].map((r) => ({ roleId: role.roleId, resourceId: r.resourceId })));
  }
  return { applicationId, role };
}

beforeAll(async () => {
  t = await build({ config: { secretKey: randomBytes(32), issuer: undefined } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login();
  const a = await applicationWithApi('shop', 'orders', 'order:refund');
  const b = await applicationWithApi('billing', 'invoices');
  shop = a.applicationId;
  billing = b.applicationId;
  shopRoleCode = a.role.code;
  shopRoleId = a.role.roleId;
  billingRoleCode = b.role.code;
  billingRoleId = b.role.roleId;
  // An application that describes no API is no resource server.
  bare = await createApplication(t.db, `bare-${randomBytes(3).toString('hex')}`, 'Bare');
  const [organization] = await t.db
    .insert(organizations)
    .values({ name: 'Sales', code: `sales-${randomBytes(3).toString('hex')}` })
    .returning();
  user = await t.createUser({ roleIds: [a.role.roleId, b.role.roleId] });
  await t.db
    .update(users)
    .set({ email: 'buyer@example.com', emailVerified: true, organizationId: organization!.organizationId })
    .where(eq(users.userId, user.userId));
  shopWeb = {
    ...((await createClient(shop, 'Shop web', { redirectUrl: REDIRECT })) as {
      client: string;
      secret: string;
    }),
    redirectUri: REDIRECT,
  };
  shopApi = (await createClient(shop, 'Shop API')) as { client: string; secret: string };
  shopSpa = {
    client: (await createClient(shop, 'Shop SPA', { redirectUrl: REDIRECT, clientType: 'PUBLIC' })).client,
    redirectUri: REDIRECT,
  };
  billingWeb = {
    ...((await createClient(billing, 'Billing web', { redirectUrl: REDIRECT })) as {
      client: string;
      secret: string;
    }),
    redirectUri: REDIRECT,
  };
  bareWeb = (await createClient(bare, 'Bare web')) as { client: string; secret: string };
});

const machineToken = (client: { client: string; secret: string }, params: Record<string, string> = {}) =>
  clientPost(origin, '/token', client, { grant_type: 'client_credentials', ...params });

const introspect = (client: { client: string; secret?: string }, token: string) =>
  clientPost(origin, '/token/introspection', client, { token });

/** A JWT for the shop's APIs through the code flow. */
async function shopJwt() {
  const resource = resourceIndicatorOf(shop);
  const res = await codeFlow(origin, t.inject, shopWeb, user, {
    authorize: { resource },
    redeem: { resource },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.access_token as string;
}

describe('JWT access tokens for an application API', () => {
  it('client credentials with the resource give an RS256 at+jwt the JWKS verifies, with aud and scope', async () => {
    const resource = resourceIndicatorOf(shop);
    const res = await machineToken(shopWeb, { resource, scope: 'gatehouse' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const token = res.json.access_token as string;
    expect(decodeProtectedHeader(token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const jwks = createRemoteJWKSet(new URL(`${origin}/oidc/jwks`));
    const { payload } = await jwtVerify(token, jwks, {
      issuer: `${origin}/oidc`,
      audience: resource,
      typ: 'at+jwt',
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({ client_id: shopWeb.client, sub: shopWeb.client, scope: 'gatehouse' });
    expect(typeof payload.jti).toBe('string');
    // A client alone holds no user's grants.
    expect(payload.permissions).toBeUndefined();
  });

  it('without a resource, tokens stay opaque', async () => {
    const res = await machineToken(shopWeb);
    expect(res.status).toBe(200);
    expect(res.json.access_token as string).not.toContain('.');
  });

  it("refuses another application's API, the platform's, one without APIs and foreign indicators", async () => {
    for (const resource of [
      resourceIndicatorOf(billing),
      resourceIndicatorOf('platform'),
      'urn:gatehouse:application:',
      'https://api.example.com/',
      `${resourceIndicatorOf(shop)}#x`,
    ]) {
      const res = await machineToken(shopWeb, { resource });
      expect(res.status, resource).toBe(400);
      expect(res.json.error, resource).toBe('invalid_target');
    }
    const none = await machineToken(bareWeb, { resource: resourceIndicatorOf(bare) });
    expect(none.json.error).toBe('invalid_target');
  });

  it("carries the user's permissions and element codes in the token's application only", async () => {
    const token = await shopJwt();
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({
      aud: resourceIndicatorOf(shop),
      sub: user.userId,
      client_id: shopWeb.client,
      scope: 'gatehouse',
      permissions: [{ permissionId: 'orders', actions: ['retrieve', 'update'] }],
      elements: ['order:refund'],
    });
    expect(JSON.stringify(payload)).not.toContain('invoices');
  });

  it('without the resource at the token endpoint, the code gives the opaque userinfo token', async () => {
    const resource = resourceIndicatorOf(shop);
    const res = await codeFlow(origin, t.inject, shopWeb, user, { authorize: { resource } });
    expect(res.status).toBe(200);
    const token = res.json.access_token as string;
    expect(token).not.toContain('.');
    expect((await t.get(MENUS, token)).statusCode).toBe(200);
  });

  it("is accepted neither by Gatehouse's own API nor at userinfo (token confusion)", async () => {
    const token = await shopJwt();
    expect((await t.get(MENUS, token)).statusCode).toBe(401);
    expect((await t.get('/api/admin/menus', token)).statusCode).toBe(401);
    const info = await fetch(`${origin}/oidc/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(info.status).toBe(403);
    expect(await info.json()).toMatchObject({ error: 'insufficient_scope' });
  });
});

describe("a service account's JWT access token", () => {
  it("carries exactly the service account's grants in its client's application, while it is enabled", async () => {
    const res = await t.post(CLIENTS, { clientName: 'Shop robot', applicationId: shop }, admin);
    expect(res.statusCode, res.body).toBe(201);
    const created = createdClientSchema.parse(res.json());
    const robot = { client: created.client, secret: created.secret! };
    const resource = resourceIndicatorOf(shop);
    const claims = async () => {
      const token = await machineToken(robot, { resource, scope: 'gatehouse' });
      expect(token.status, JSON.stringify(token.json)).toBe(200);
      return decodeJwt(token.json.access_token as string);
    };
    const serviceAccount = (enabled: boolean) =>
      put(t, `${CLIENTS}/${created.acId}/service-account`, { enabled }, admin);

    // A client without a service account holds no grants.
    expect((await claims()).permissions).toBeUndefined();

    const enabled = await serviceAccount(true);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const accountId = enabled.json().userId as string;
    // Roles in both applications: the token is the shop's, and says nothing of billing.
    await t.db.insert(userRoles).values([
      { userId: accountId, roleId: shopRoleId },
      { userId: accountId, roleId: billingRoleId },
    ]);
    const payload = await claims();
    expect(payload).toMatchObject({ aud: resource, sub: robot.client, client_id: robot.client });
    expect(payload.permissions).toEqual([{ permissionId: 'orders', actions: ['retrieve', 'update'] }]);
    expect(payload.elements).toEqual(['order:refund']);
    expect(JSON.stringify(payload)).not.toContain('invoices');
    // Without the gatehouse scope, none, as for a user.
    const unscoped = await machineToken(robot, { resource });
    expect(unscoped.status).toBe(200);
    expect(decodeJwt(unscoped.json.access_token as string).permissions).toBeUndefined();

    expect((await serviceAccount(false)).statusCode).toBe(200);
    const disabled = await claims();
    expect(disabled.permissions).toBeUndefined();
    expect(disabled.elements).toBeUndefined();
  });
});

describe('introspection by the resource server', () => {
  it("lets the application's confidential client introspect the tokens for its APIs", async () => {
    const token = await shopJwt();
    const res = await introspect(shopApi, token);
    expect(res.json).toMatchObject({
      active: true,
      aud: resourceIndicatorOf(shop),
      client_id: shopWeb.client,
      sub: user.userId,
      scope: 'gatehouse',
      permissions: [{ permissionId: 'orders', actions: ['retrieve', 'update'] }],
    });
    // The client it was issued to still may.
    expect((await introspect(shopWeb, token)).json.active).toBe(true);
  });

  it("tells another application's client, and a public client, nothing", async () => {
    const token = await shopJwt();
    expect((await introspect(billingWeb, token)).json).toEqual({ active: false });
    expect((await introspect(shopSpa, token)).json).toEqual({ active: false });
    // Nor may the shop's API learn of the billing application's tokens.
    const billingToken = await machineToken(billingWeb, { resource: resourceIndicatorOf(billing) });
    expect((await introspect(shopApi, billingToken.json.access_token as string)).json).toEqual({
      active: false,
    });
    // An ID token is signed with the same keys, but it is no access token.
    const signIn = await codeFlow(origin, t.inject, shopWeb, user);
    expect((await introspect(shopWeb, signIn.json.id_token as string)).json).toEqual({ active: false });
    // An opaque token of the shop's web client is no token for the API.
    const opaque = await machineToken(shopWeb);
    expect((await introspect(shopApi, opaque.json.access_token as string)).json).toEqual({ active: false });
  });

  it('knows a revoked JWT inactive, and neither a bare jti nor a forged token active', async () => {
    const token = await shopJwt();
    const { jti } = decodeJwt(token);
    const bareJti = await introspect(shopWeb, jti!);
    expect(bareJti.json).toEqual({ active: false });
    expect((await t.get(MENUS, jti)).statusCode).toBe(401);
    const [header, payload, signature] = token.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), permissions: [{ permissionId: 'orders', actions: ['delete'] }] }),
    ).toString('base64url');
    expect((await introspect(shopApi, `${header}.${widened}.${signature}`)).json).toEqual({ active: false });
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    expect((await introspect(shopApi, unsigned)).json).toEqual({ active: false });
    // The record is stored like an opaque token's: hashed, without the jti.
    const [row] = await t.db
      .select()
      .from(oidcPayloads)
      .where(eq(oidcPayloads.id, hashToken(jti!)));
    expect(row?.payload).toMatchObject({ format: 'jwt', aud: resourceIndicatorOf(shop) });
    expect(JSON.stringify(row?.payload)).not.toContain(jti);
    const revoked = await clientPost(origin, '/token/revocation', shopWeb, { token });
    expect(revoked.status).toBe(200);
    expect((await introspect(shopApi, token)).json).toEqual({ active: false });
  });
});

describe('the life of a JWT', () => {
  it("comes again from a refresh with the resource, and ends with the user's access", async () => {
    const resource = resourceIndicatorOf(shop);
    const doomed = await t.createUser({ roleIds: [shopRoleId] });
    const res = await codeFlow(origin, t.inject, shopWeb, doomed, {
      scope: 'openid offline_access gatehouse',
      authorize: { resource },
      redeem: { resource },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const refreshed = await clientPost(origin, '/token', shopWeb, {
      grant_type: 'refresh_token',
      refresh_token: res.json.refresh_token as string,
      resource,
    });
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    const token = refreshed.json.access_token as string;
    expect(decodeJwt(token)).toMatchObject({
      aud: resource,
      sub: doomed.userId,
      permissions: [{ permissionId: 'orders' }],
    });
    expect((await introspect(shopApi, token)).json.active).toBe(true);
    const disabled = await t.inject({
      method: 'PUT',
      url: `/api/admin-service/v2/user/${doomed.userId}/status`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: 'DISABLED' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await introspect(shopApi, token)).json).toEqual({ active: false });
  });

  it("a resource server's own client-credentials JWT introspects for it too", async () => {
    const own = await machineToken(shopApi, { resource: resourceIndicatorOf(shop) });
    expect((await introspect(shopApi, own.json.access_token as string)).json).toMatchObject({
      active: true,
      client_id: shopApi.client,
    });
    const sibling = await machineToken(shopWeb, { resource: resourceIndicatorOf(shop) });
    expect((await introspect(shopApi, sibling.json.access_token as string)).json).toMatchObject({
      active: true,
      client_id: shopWeb.client,
    });
  });
});

describe('claims', () => {
  it("list only the roles that grant something in the client's application", async () => {
    const shopSide = await codeFlow(origin, t.inject, shopWeb, user, { scope: 'openid gatehouse' });
    expect(decodeJwt(shopSide.json.id_token as string).roles).toEqual([shopRoleCode]);
    const billingSide = await codeFlow(origin, t.inject, billingWeb, user, { scope: 'openid gatehouse' });
    expect(decodeJwt(billingSide.json.id_token as string).roles).toEqual([billingRoleCode]);
  });

  it('give email_verified with the email scope and the organizations with the gatehouse scope', async () => {
    const res = await codeFlow(origin, t.inject, shopWeb, user, { scope: 'openid email gatehouse' });
    const claims = decodeJwt(res.json.id_token as string);
    expect(claims).toMatchObject({ email: 'buyer@example.com', email_verified: true });
    expect(claims.organizations).toEqual([
      expect.objectContaining({ name: 'Sales', code: expect.stringMatching(/^sales-/) }),
    ]);
    const info = await fetch(`${origin}/oidc/me`, {
      headers: { authorization: `Bearer ${res.json.access_token as string}` },
    });
    expect(await info.json()).toMatchObject({ email_verified: true, organizations: [{ name: 'Sales' }] });
    const narrow = await codeFlow(origin, t.inject, shopWeb, user, { scope: 'openid' });
    const plain = decodeJwt(narrow.json.id_token as string);
    expect(plain.email_verified).toBeUndefined();
    expect(plain.organizations).toBeUndefined();
  });
});
