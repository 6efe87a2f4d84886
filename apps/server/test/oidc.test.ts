import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  APP_CONFIG_MESSAGES,
  createdClientSchema,
  OIDC_MESSAGES,
  WEB_ORIGINS_MAX,
} from '@gatehouse/contract';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BaseClient, generators, Issuer } from 'openid-client-v5';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  applicationClients,
  applications,
  auditLog,
  clientSecrets,
  oidcPayloads,
  passwordResetTokens,
  resources,
  rolePermissions,
  roleResources,
  roles,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { hashIsOutdated } from '../src/modules/passwords/hashing.ts';
import { auditOf, createApplication, del, put, storeEarlierHash } from './fixtures.ts';
import { build, en, fieldMessage, type TestContext } from './helper.ts';

/**
 * A real relying party (openid-client) against the listening server; the browser is a fetch
 * with a cookie jar, and the console's /oauth page is driven through the interaction API.
 */
let t: TestContext;
let origin: string;
let issuer: Issuer<BaseClient>;
let admin: string;
let appId: string;
let granted: { username: string; password: string; userId: string };
let stranger: { username: string; password: string };
let registered: { client: string; secret: string; acId: string };

const REDIRECT = 'http://127.0.0.1:4000/cb';
const SERVER_KEY = randomBytes(32);
const OTHER_REDIRECT = 'https://rp.example/callback';
const V2 = '/api/admin-service/v2/application/client';
/** Not the defaults, so the tests see the settings (GATEHOUSE_*_TTL_SECONDS) reach the provider. */
const LIFETIMES = { accessToken: 1800, idToken: 900, refreshToken: 7 * 24 * 3600, authorizationCode: 45 };

beforeAll(async () => {
  t = await build({ config: { secretKey: SERVER_KEY, issuer: undefined, tokenLifetimes: LIFETIMES } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login();
  appId = await createApplication(t.db, 'oidc-app', 'Shop');
  const role = await t.createRole();
  await t.db
    .insert(rolePermissions)
    .values([
      { roleId: role.roleId, applicationId: appId, permissionId: 'orders', actions: ['retrieve', 'update'] },
    ]);
  const [category] = await t.db
    .insert(resources)
    .values({ applicationId: appId, id: 'shop', name: 'Shop', type: 'CATEGORY' })
    .returning();
  const [menu] = await t.db
    .insert(resources)
    .values({
      applicationId: appId,
      id: 'orders',
      name: 'Orders',
      type: 'MENU',
      url: '/orders',
      parentId: category!.resourceId,
    })
    .returning();
  const [element] = await t.db
    .insert(resources)
    .values({
      applicationId: appId,
      id: 'order:refund',
      name: 'Refund',
      type: 'ELEMENT',
      parentId: menu!.resourceId,
    })
    .returning();
  await t.db
    .insert(roleResources)
    .values([category!, menu!, element!].map((r) => ({ roleId: role.roleId, resourceId: r.resourceId })));
  granted = await t.createUser({ roleIds: [role.roleId] });
  stranger = await t.createUser();
  const res = await t.post(
    V2,
    { clientName: 'Shop web', redirectUrl: `${REDIRECT} ${OTHER_REDIRECT}`, applicationId: appId },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  const created = createdClientSchema.parse(res.json());
  registered = { client: created.client, secret: created.secret!, acId: created.acId };
  issuer = await Issuer.discover(`${origin}/oidc`);
});

const rp = (secret = registered.secret, clientId = registered.client) =>
  new issuer.Client({
    client_id: clientId,
    client_secret: secret,
    redirect_uris: [REDIRECT],
    response_types: ['code'],
  });

type StoredCookie = { name: string; value: string; path: string };
type Inject = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

/** RFC 6265 5.1.4: whether a cookie of `cookiePath` goes with a request for `path`. */
function pathMatches(cookiePath: string, path: string): boolean {
  if (path === cookiePath) return true;
  return path.startsWith(cookiePath) && (cookiePath.endsWith('/') || path[cookiePath.length] === '/');
}

/**
 * A browser: follows nothing by itself, keeps cookies by name and path, and sends a request
 * the cookies whose path it matches (the longer paths first, as browsers order them).
 */
class Browser {
  private jar: StoredCookie[] = [];
  async get(url: string): Promise<Response> {
    const target = new URL(url, origin);
    const res = await fetch(target, {
      redirect: 'manual',
      headers: { cookie: this.cookieFor(target.pathname) },
    });
    this.keep(target.pathname, res.headers.getSetCookie());
    return res;
  }
  async post(url: string, form: Record<string, string>): Promise<Response> {
    const target = new URL(url, origin);
    const res = await fetch(target, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: this.cookieFor(target.pathname),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    });
    this.keep(target.pathname, res.headers.getSetCookie());
    return res;
  }
  /**
   * A call of the interaction API as the /oauth page makes it, same origin and with this
   * browser's cookies; injected into `via` (the test app unless given), whose answers are
   * checked against the OpenAPI document.
   */
  async api(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    headers: Record<string, string> = {},
    via: Inject = t.inject,
  ) {
    const res = await via({
      method,
      url: path,
      headers: { ...headers, cookie: this.cookieFor(path) },
      ...(body === undefined ? {} : { payload: body }),
    });
    const setCookie = res.headers['set-cookie'];
    this.keep(path, setCookie === undefined ? [] : ([] as string[]).concat(setCookie));
    return { status: res.statusCode, json: res.json() as Record<string, unknown>, body: res.body };
  }
  /** The Cookie header this browser sends with a request for `path`. */
  cookieFor(path: string): string {
    return this.jar
      .filter((c) => pathMatches(c.path, path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
  /** The cookies named `name`, with their paths. */
  cookies(name: string): StoredCookie[] {
    return this.jar.filter((c) => c.name === name);
  }
  private keep(requestPath: string, lines: string[]) {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const pathAttribute = attributes
        .map((a) => a.trim())
        .find((a) => a.toLowerCase().startsWith('path='))
        ?.slice('path='.length);
      // RFC 6265 5.1.4: without a path, the request path's directory.
      const path = pathAttribute?.startsWith('/')
        ? pathAttribute
        : requestPath.slice(0, Math.max(1, requestPath.lastIndexOf('/')));
      this.jar = this.jar.filter((c) => !(c.name === name && c.path === path));
      if (value !== '' && !/expires=Thu, 01 Jan 1970/i.test(line)) this.jar.push({ name, value, path });
    }
  }
}

const uidOf = (location: string) => new URL(location, origin).searchParams.get('uid')!;
const INTERACTION = '/api/oauth2-server/interaction';

/** Runs the authorization request up to the redirect back to the client. */
async function signIn(
  browser: Browser,
  client: BaseClient,
  user: { username: string; password: string } = granted,
  extra: Record<string, string> = {},
) {
  const verifier = generators.codeVerifier();
  const state = generators.state();
  const nonce = generators.nonce();
  const url = client.authorizationUrl({
    scope: 'openid profile offline_access gatehouse',
    redirect_uri: REDIRECT,
    code_challenge: generators.codeChallenge(verifier),
    code_challenge_method: 'S256',
    prompt: 'consent',
    state,
    nonce,
    ...extra,
  });
  let res = await browser.get(url);
  expect(res.status).toBe(303);
  let location = res.headers.get('location')!;
  expect(location).toMatch(/^\/oauth\?uid=/);
  const details = await browser.api('GET', `${INTERACTION}/${uidOf(location)}`);
  expect(details.json).toMatchObject({ prompt: 'login', clientName: 'Shop web', applicationName: 'Shop' });
  const login = await browser.api('POST', `${INTERACTION}/${uidOf(location)}/login`, user);
  if (login.status !== 200) return { login, verifier, state, nonce };
  res = await browser.get(login.json.redirectTo as string);
  location = res.headers.get('location')!;
  expect(location).toMatch(/^\/oauth\?uid=/);
  const consent = await browser.api('POST', `${INTERACTION}/${uidOf(location)}/consent`);
  expect(consent.status).toBe(200);
  res = await browser.get(consent.json.redirectTo as string);
  const callback = res.headers.get('location')!;
  return { login, callback, verifier, state, nonce };
}

async function codeFlow(client = rp()) {
  const browser = new Browser();
  const flow = await signIn(browser, client);
  expect(flow.callback, JSON.stringify(flow.login)).toMatch(/^http:\/\/127\.0\.0\.1:4000\/cb\?code=/);
  const params = client.callbackParams(flow.callback!);
  const tokens = await client.callback(REDIRECT, params, {
    code_verifier: flow.verifier,
    state: flow.state,
    nonce: flow.nonce,
  });
  return { browser, tokens, params, flow };
}

describe('discovery', () => {
  it('publishes the endpoints and the keys, code flow only', async () => {
    expect(issuer.metadata.issuer).toBe(`${origin}/oidc`);
    expect(issuer.metadata.response_types_supported).toEqual(['code']);
    expect(issuer.metadata.grant_types_supported).not.toContain('password');
    expect(issuer.metadata.introspection_endpoint).toBeTruthy();
    expect(issuer.metadata.revocation_endpoint).toBeTruthy();
    expect(issuer.metadata.end_session_endpoint).toBeTruthy();
    const jwks = await (await fetch(issuer.metadata.jwks_uri!)).json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('client credentials, introspection, revocation', () => {
  it('issues a token that introspects active until revoked', async () => {
    const client = rp();
    const set = await client.grant({ grant_type: 'client_credentials' });
    expect(set.access_token).toBeTruthy();
    const active = await client.introspect(set.access_token!);
    expect(active).toMatchObject({ active: true, client_id: registered.client });
    await client.revoke(set.access_token!);
    expect((await client.introspect(set.access_token!)).active).toBe(false);
  });

  it('refuses a wrong secret and records the use of the right one', async () => {
    await expect(rp('wrong-secret').grant({ grant_type: 'client_credentials' })).rejects.toMatchObject({
      error: 'invalid_client',
    });
    const [secret] = await t.db.select().from(clientSecrets).where(eq(clientSecrets.acId, registered.acId));
    expect(secret?.lastUsedAt).not.toBeNull();
  });
});

describe('authorization code with PKCE', () => {
  it('signs a granted user in; the ID token and userinfo carry the claims and the app permissions', async () => {
    const { tokens } = await codeFlow();
    const claims = tokens.claims();
    expect(claims.sub).toBe(granted.userId);
    expect(claims.preferred_username).toBe(granted.username);
    expect(claims.permissions).toEqual([{ permissionId: 'orders', actions: ['retrieve', 'update'] }]);
    const info = await rp().userinfo(tokens.access_token!);
    expect(info).toMatchObject({ sub: granted.userId, permissions: [{ permissionId: 'orders' }] });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('issues tokens for the lifetimes the settings give', async () => {
    const { tokens } = await codeFlow();
    expect(tokens.expires_in).toBeGreaterThan(LIFETIMES.accessToken - 10);
    expect(tokens.expires_in).toBeLessThanOrEqual(LIFETIMES.accessToken);
    const claims = tokens.claims();
    expect(claims.exp - claims.iat).toBe(LIFETIMES.idToken);
    const refresh = await rp().introspect(tokens.refresh_token!);
    expect(refresh.exp! - refresh.iat!).toBe(LIFETIMES.refreshToken);
  });

  it("answers the menus call with the token's application tree, and no other /api route", async () => {
    const { tokens } = await codeFlow();
    expect(tokens.claims().elements).toEqual(['order:refund']);
    const menus = await t.get('/api/oauth2-server/authorization/menus', tokens.access_token);
    expect(menus.statusCode, menus.body).toBe(200);
    expect(menus.json()).toMatchObject([
      { menuPath: '/shop', children: [{ menuPath: '/orders', elements: [{ code: 'order:refund' }] }] },
    ]);
    expect((await t.get('/api/admin/menus', tokens.access_token)).statusCode).toBe(401);
    const machine = await rp().grant({ grant_type: 'client_credentials' });
    expect((await t.get('/api/oauth2-server/authorization/menus', machine.access_token)).statusCode).toBe(
      401,
    );
  });

  it('rotates refresh tokens; reusing one revokes the family', async () => {
    const client = rp();
    const { tokens } = await codeFlow(client);
    const next = await client.refresh(tokens.refresh_token!);
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    await expect(client.refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refresh(next.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await client.introspect(next.access_token!)).active).toBe(false);
  });

  it('keeps no token or code in the database in the clear, only their hashes', async () => {
    const client = rp();
    const { tokens, params } = await codeFlow(client);
    const machine = await client.grant({ grant_type: 'client_credentials' });
    const artefacts = [tokens.access_token, tokens.refresh_token, params.code, machine.access_token];
    const rows = await t.db.select().from(oidcPayloads);
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(3);
    for (const artefact of artefacts) {
      expect(artefact && artefact.length >= 20).toBe(true);
      expect(text.includes(artefact!), 'an artefact in the clear').toBe(false);
    }
    // Still found through their hashes.
    expect((await client.introspect(tokens.access_token!)).active).toBe(true);
    expect((await client.introspect(machine.access_token!)).active).toBe(true);
  });

  it('refuses a replayed code and revokes what it issued', async () => {
    const client = rp();
    const { tokens, params, flow } = await codeFlow(client);
    await expect(
      client.callback(REDIRECT, params, {
        code_verifier: flow.verifier,
        state: flow.state,
        nonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await client.introspect(tokens.access_token!)).active).toBe(false);
  });

  it('refuses a missing or wrong PKCE verifier', async () => {
    const client = rp();
    for (const verifier of [undefined, generators.codeVerifier()]) {
      const browser = new Browser();
      const flow = await signIn(browser, client);
      const params = client.callbackParams(flow.callback!);
      await expect(
        client.callback(REDIRECT, params, {
          ...(verifier ? { code_verifier: verifier } : {}),
          state: flow.state,
          nonce: flow.nonce,
        }),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('refuses a user no role grants anything in the application', async () => {
    const flow = await signIn(new Browser(), rp(), stranger);
    expect(flow.login.status).toBe(403);
  });

  it('lets anyone in when the application is open to every user', async () => {
    await t.db
      .update(applications)
      .set({ openToAllUsers: true })
      .where(eq(applications.applicationId, appId));
    const flow = await signIn(new Browser(), rp(), stranger);
    await t.db
      .update(applications)
      .set({ openToAllUsers: false })
      .where(eq(applications.applicationId, appId));
    expect(flow.callback).toMatch(/code=/);
  });

  it('sends a declined consent back as access_denied', async () => {
    const browser = new Browser();
    const res = await browser.get(
      rp().authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    const abort = await browser.api('POST', `${INTERACTION}/${uidOf(res.headers.get('location')!)}/abort`);
    const back = await browser.get(abort.json.redirectTo as string);
    expect(back.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4000\/cb\?error=access_denied/);
  });
});

describe('interaction sign-in: throttled and audited like the console login', () => {
  type Started = { uid: string; cookie: string };
  /** Starts an authorization request; returns its interaction id and the browser's cookies for its API. */
  async function startInteraction(): Promise<Started> {
    const browser = new Browser();
    const res = await browser.get(
      rp().authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    const uid = uidOf(res.headers.get('location')!);
    return { uid, cookie: browser.cookieFor(`${INTERACTION}/${uid}/login`) };
  }
  const loginAt = ({ uid, cookie }: Started, body: object, ip: string, requestId: string) =>
    t.inject({
      method: 'POST',
      url: `${INTERACTION}/${uid}/login`,
      headers: { 'x-request-id': requestId, cookie },
      payload: body,
      remoteAddress: ip,
    });
  const auditOf = async (requestId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));

  it('records login.failed for a wrong password and login for a right one', async () => {
    const started = await startInteraction();
    const wrong = await loginAt(
      started,
      { username: granted.username, password: 'not-it' },
      '10.7.0.1',
      'ix-fail-1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(await auditOf('ix-fail-1')).toMatchObject([
      { action: 'login.failed', entity: 'user', entityId: granted.userId, actorId: null, ip: '10.7.0.1' },
    ]);
    const unknown = await loginAt(
      started,
      { username: 'nobody-here', password: 'x' },
      '10.7.0.1',
      'ix-fail-2',
    );
    expect(unknown.statusCode).toBe(401);
    expect(await auditOf('ix-fail-2')).toMatchObject([{ action: 'login.failed', entityId: null }]);
    const right = await loginAt(started, granted, '10.7.0.1', 'ix-ok-1');
    expect(right.statusCode, right.body).toBe(200);
    const [row] = await auditOf('ix-ok-1');
    expect(row).toMatchObject({
      action: 'login',
      entity: 'user',
      entityId: granted.userId,
      actorId: granted.userId,
      actorName: granted.username,
      ip: '10.7.0.1',
      after: { clientId: registered.client, applicationId: appId },
    });
    expect(JSON.stringify(row)).not.toContain(granted.password);
  });

  it("replaces a hash made at an earlier version's parameters once the password is proved", async () => {
    await storeEarlierHash(t.db, granted.userId, granted.password);
    const started = await startInteraction();
    const right = await loginAt(started, granted, '10.7.0.2', 'ix-rehash-1');
    expect(right.statusCode, right.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.userId, granted.userId));
    expect(hashIsOutdated(row!.passwordHash)).toBe(false);
    expect((await auditOf('ix-rehash-1')).map((r) => r.action)).toEqual(
      expect.arrayContaining(['password.rehash', 'login']),
    );
  });

  it('finds the username without regard to case, as the console sign-in does', async () => {
    const started = await startInteraction();
    const shouted = await loginAt(
      started,
      { username: granted.username.toUpperCase(), password: granted.password },
      '10.7.0.2',
      'ix-case-1',
    );
    expect(shouted.statusCode, shouted.body).toBe(200);
    expect(await auditOf('ix-case-1')).toMatchObject([{ action: 'login', entityId: granted.userId }]);
  });

  it('slows an account guessed from many addresses (429, a wait shared with the console login); a device cookie of the account skips it', async () => {
    const victim = await t.createUser();
    const signedIn = await t.inject({
      method: 'POST',
      url: '/api/oauth2-server/login',
      payload: { username: victim.username, password: victim.password },
      remoteAddress: '10.8.2.1',
    });
    expect(signedIn.statusCode).toBe(200);
    const device = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const started = await startInteraction();
    const guess = async (i: number) =>
      (
        await loginAt(
          started,
          { username: victim.username, password: `guess-${i}` },
          `10.8.0.${i}`,
          `ix-g-${i}`,
        )
      ).statusCode;
    // Ten failures pass freely; the eleventh starts the account's wait (1 s), the next doubles it.
    for (let i = 0; i < 11; i++) expect(await guess(i)).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await guess(11)).toBe(401);
    const blocked = await loginAt(
      started,
      { username: victim.username, password: victim.password },
      '10.8.1.1',
      'ix-blocked',
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(2);
    expect(await auditOf('ix-blocked')).toEqual([]);
    const console = await t.inject({
      method: 'POST',
      url: '/api/oauth2-server/login',
      payload: { username: victim.username, password: victim.password },
      remoteAddress: '10.8.1.2',
    });
    expect(console.statusCode).toBe(429);
    // The browser that signed in before passes the limiter (this user has no access to the app).
    const known = await t.inject({
      method: 'POST',
      url: `${INTERACTION}/${started.uid}/login`,
      headers: { cookie: `${device}; ${started.cookie}` },
      payload: { username: victim.username, password: victim.password },
      remoteAddress: '10.8.1.3',
    });
    expect(known.statusCode, known.body).toBe(403);
  });

  it('answers 429 once the IP budget is spent', async () => {
    const started = await startInteraction();
    for (let i = 0; i < 50; i++) {
      await loginAt(started, { username: `ghost-${i}`, password: 'x' }, '10.9.0.1', `ix-ip-${i}`);
    }
    const blocked = await loginAt(started, granted, '10.9.0.1', 'ix-ip-blocked');
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await loginAt(started, granted, '10.9.0.2', 'ix-ip-other');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('refused authorization requests show a page, never a redirect', () => {
  const variants = [
    `${REDIRECT}/`,
    'http://127.0.0.1:4001/cb',
    'http://127.0.0.1:4000/CB',
    `${REDIRECT}/more`,
    `${REDIRECT}#fragment`,
  ];
  for (const redirect of variants) {
    it(`redirect_uri ${redirect}`, async () => {
      const url = new URL(`${origin}/oidc/auth`);
      url.search = new URLSearchParams({
        client_id: registered.client,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: redirect,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      }).toString();
      const res = await new Browser().get(url.toString());
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('redirect_uri');
    });
  }

  it('an unknown client', async () => {
    const res = await new Browser().get(
      `/oidc/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('the implicit flow', async () => {
    const res = await new Browser().get(
      `/oidc/auth?client_id=${registered.client}&response_type=token&scope=openid&nonce=n&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    // The redirect URI is registered, so the error goes back to it, in the query.
    expect(res.headers.get('location') ?? (await res.text())).toMatch(/unsupported_response_type/);
  });

  it('the password grant', async () => {
    await expect(
      rp().grant({ grant_type: 'password', username: granted.username, password: granted.password }),
    ).rejects.toMatchObject({ error: 'unsupported_grant_type' });
  });
});

describe('expired artefacts', () => {
  const exists = async (id: string) =>
    (await t.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, id))).length === 1;
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  }
  const row = (id: string, expiresInMs: number) => ({
    model: 'Session',
    id,
    payload: { kind: 'Session' },
    expiresAt: new Date(Date.now() + expiresInMs),
  });

  it('are deleted at start and then periodically, until the app closes', async () => {
    await t.db.insert(oidcPayloads).values([row('purge-old-1', -60_000), row('purge-live', 3_600_000)]);
    const other = buildApp({
      db: t.db,
      logger: false,
      config: { webDir: '/nonexistent-web-dir', secretKey: SERVER_KEY, oidcPurgeIntervalMs: 50 },
    });
    await other.ready();
    try {
      expect(other.services.oidc.purgeScheduled).toBe(true);
      expect(await until(async () => !(await exists('purge-old-1')))).toBe(true);
      await t.db.insert(oidcPayloads).values(row('purge-old-2', -1_000));
      expect(await until(async () => !(await exists('purge-old-2')))).toBe(true);
      expect(await exists('purge-live')).toBe(true);
    } finally {
      await other.close();
    }
    expect(other.services.oidc.purgeScheduled).toBe(false);
    await t.db.insert(oidcPayloads).values(row('purge-old-3', -1_000));
    await new Promise((r) => setTimeout(r, 200));
    expect(await exists('purge-old-3')).toBe(true);
    expect(await t.app.services.oidc.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await exists('purge-old-3')).toBe(false);
  });
});

describe('two instances on one database', () => {
  it('serve one flow between them: started on one, finished on the other', async () => {
    const other = buildApp({
      db: t.db,
      logger: false,
      config: { webDir: '/nonexistent-web-dir', secretKey: SERVER_KEY, issuer: `${origin}/oidc` },
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const otherOrigin = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const browser = new Browser();
      const verifier = generators.codeVerifier();
      const client = rp();
      const start = await browser.get(
        client.authorizationUrl({
          scope: 'openid',
          redirect_uri: REDIRECT,
          code_challenge: generators.codeChallenge(verifier),
          code_challenge_method: 'S256',
        }),
      );
      const uid = uidOf(start.headers.get('location')!);
      const viaOther = (opts: InjectOptions) => other.inject(opts);
      const login = await browser.api(
        'POST',
        `${INTERACTION}/${uid}/login`,
        { username: granted.username, password: granted.password },
        {},
        viaOther,
      );
      expect(login.status, login.body).toBe(200);
      const resume = new URL(login.json.redirectTo as string);
      const next = await browser.get(`${otherOrigin}${resume.pathname}`);
      const consentUid = uidOf(next.headers.get('location')!);
      const consent = await browser.api(
        'POST',
        `${INTERACTION}/${consentUid}/consent`,
        undefined,
        {},
        viaOther,
      );
      expect(consent.status, consent.body).toBe(200);
      const back = await browser.get(`${otherOrigin}${new URL(consent.json.redirectTo as string).pathname}`);
      const params = client.callbackParams(back.headers.get('location')!);
      const tokens = await client.callback(REDIRECT, params, { code_verifier: verifier });
      expect(tokens.claims().sub).toBe(granted.userId);
    } finally {
      await other.close();
    }
  });
});

describe('client lifecycle', () => {
  it('a disabled client or application is invalid_client at once', async () => {
    await t.db
      .update(applicationClients)
      .set({ status: 'DISABLED' })
      .where(eq(applicationClients.acId, registered.acId));
    await expect(rp().grant({ grant_type: 'client_credentials' })).rejects.toMatchObject({
      error: 'invalid_client',
    });
    await t.db
      .update(applicationClients)
      .set({ status: 'ENABLED' })
      .where(eq(applicationClients.acId, registered.acId));
    await t.db.update(applications).set({ status: 'DISABLED' }).where(eq(applications.applicationId, appId));
    await expect(rp().grant({ grant_type: 'client_credentials' })).rejects.toMatchObject({
      error: 'invalid_client',
    });
    await t.db.update(applications).set({ status: 'ENABLED' }).where(eq(applications.applicationId, appId));
    expect((await rp().grant({ grant_type: 'client_credentials' })).access_token).toBeTruthy();
  });

  it('rotation: two secrets work, the older ones stop; an expired secret is refused', async () => {
    const first = registered.secret;
    const rotate = async (body?: Record<string, unknown>) => {
      const res = await t.post(`${V2}/${registered.acId}/secret`, body ?? {}, admin);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { secret: string };
    };
    const second = await rotate();
    expect((await rp(first).grant({ grant_type: 'client_credentials' })).access_token).toBeTruthy();
    expect((await rp(second.secret).grant({ grant_type: 'client_credentials' })).access_token).toBeTruthy();
    const third = await rotate({ expiresDate: new Date(Date.now() - 1000).toISOString() });
    await expect(rp(first).grant({ grant_type: 'client_credentials' })).rejects.toMatchObject({
      error: 'invalid_client',
    });
    await expect(rp(third.secret).grant({ grant_type: 'client_credentials' })).rejects.toMatchObject({
      error: 'invalid_client',
    });
    const list = await t.get(`${V2}/${registered.acId}/secret`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.body).not.toContain(second.secret);
    const fourth = await rotate();
    registered.secret = fourth.secret;
  });
});

describe('RP-initiated logout', () => {
  it('ends the session and returns to a registered post-logout URI', async () => {
    const client = rp();
    const { browser, tokens } = await codeFlow(client);
    const url = client.endSessionUrl({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: REDIRECT,
      state: 'bye',
    });
    const page = await browser.get(url);
    expect(page.status).toBe(200);
    // The confirmation's answer redirects to the client: its form may lead there, and nowhere else.
    const formAction = /form-action ([^;]+)/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(formAction).toBe("'self' http://127.0.0.1:4000");
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(xsrf).toBeTruthy();
    const confirm = await browser.post('/oidc/session/end/confirm', { xsrf: xsrf!, logout: 'yes' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${REDIRECT}?state=bye`);
  });
});

describe('public clients', () => {
  let publicClient: { client: string; acId: string };
  const publicRp = () =>
    new issuer.Client({
      client_id: publicClient.client,
      token_endpoint_auth_method: 'none',
      redirect_uris: [REDIRECT],
      response_types: ['code'],
    });

  beforeAll(async () => {
    const res = await t.post(
      V2,
      { clientName: 'Shop web', clientType: 'PUBLIC', redirectUrl: REDIRECT, applicationId: appId },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = createdClientSchema.parse(res.json());
    expect(created).toMatchObject({ clientType: 'PUBLIC', secret: null });
    publicClient = { client: created.client, acId: created.acId };
  });

  it("answer a browser app's token request from the origin of a redirect URI, and refuse any other origin", async () => {
    const tokenRequest = (from: string) =>
      fetch(`${origin}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: from },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: publicClient.client,
          code: 'not-a-code',
          redirect_uri: REDIRECT,
          code_verifier: 'a'.repeat(43),
        }),
      });
    const own = await tokenRequest('http://127.0.0.1:4000');
    expect(own.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000');
    expect((await own.json()).error).toBe('invalid_grant');
    const other = await tokenRequest('http://evil.example');
    expect(other.headers.get('access-control-allow-origin')).not.toBe('http://evil.example');
    expect(await other.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('allow their listed web origins beside those of the redirect URIs at the token, userinfo, revocation and introspection endpoints, and refuse any other', async () => {
    const SPA = 'https://spa.example';
    const listed = await put(
      t,
      V2,
      { acId: publicClient.acId, clientName: 'Shop web', webOrigins: [SPA, SPA] },
      admin,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    // Repeats are dropped; the redirect URL, left out, is kept.
    expect(listed.json()).toMatchObject({ webOrigins: [SPA], redirectUrl: REDIRECT });

    const { tokens } = await codeFlow(publicRp());
    const call = (
      path: string,
      from: string,
      init: { method?: string; body?: URLSearchParams; bearer?: string },
    ) =>
      fetch(`${origin}/oidc${path}`, {
        method: init.method ?? 'POST',
        headers: {
          origin: from,
          ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        },
        ...(init.body ? { body: init.body } : {}),
      });
    const allowed = (res: Response) => res.headers.get('access-control-allow-origin');

    // The preflight cannot know the client (it has no body), so it answers any origin; the
    // request that follows is what is checked.
    const preflight = await fetch(`${origin}/oidc/token`, {
      method: 'OPTIONS',
      headers: {
        origin: SPA,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(allowed(preflight)).toBe(SPA);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);

    const refresh = (from: string, refreshToken: string) =>
      call('/token', from, {
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: publicClient.client,
          refresh_token: refreshToken,
        }),
      });
    const refused = await refresh('https://evil.example', tokens.refresh_token!);
    expect(allowed(refused)).toBeNull();
    expect(await refused.json()).toMatchObject({ error: 'invalid_request' });
    const refreshed = await refresh(SPA, tokens.refresh_token!);
    expect(allowed(refreshed)).toBe(SPA);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(next.access_token).toBeTruthy();

    const userinfo = await call('/me', SPA, { method: 'GET', bearer: next.access_token });
    expect(userinfo.status).toBe(200);
    expect(allowed(userinfo)).toBe(SPA);
    expect(await userinfo.json()).toMatchObject({ sub: granted.userId });
    const userinfoElsewhere = await call('/me', 'https://evil.example', {
      method: 'GET',
      bearer: next.access_token,
    });
    expect(allowed(userinfoElsewhere)).toBeNull();
    expect(userinfoElsewhere.status).toBe(400);

    const introspect = (from: string) =>
      call('/token/introspection', from, {
        body: new URLSearchParams({ client_id: publicClient.client, token: next.access_token }),
      });
    expect(allowed(await introspect(SPA))).toBe(SPA);
    expect(allowed(await introspect('https://spa.example:8443'))).toBeNull();
    // This client's list opens nothing for another client, even one of the same application.
    const otherClient = await fetch(`${origin}/oidc/token`, {
      method: 'POST',
      headers: {
        origin: SPA,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${registered.client}:${registered.secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(allowed(otherClient)).toBeNull();
    expect(await otherClient.json()).toMatchObject({ error: 'invalid_request' });

    // The redirect URIs' origin stays allowed beside the list.
    const revoked = await call('/token/revocation', 'http://127.0.0.1:4000', {
      body: new URLSearchParams({ client_id: publicClient.client, token: next.refresh_token }),
    });
    expect(revoked.status).toBe(200);
    expect(allowed(revoked)).toBe('http://127.0.0.1:4000');
    expect((await refresh(SPA, next.refresh_token)).status).toBe(400);

    // Cleared, the list allows nothing more: the origin is refused at once.
    const cleared = await put(
      t,
      V2,
      { acId: publicClient.acId, clientName: 'Shop web', webOrigins: [] },
      admin,
    );
    expect(cleared.json()).toMatchObject({ webOrigins: [] });
    expect(allowed(await introspect(SPA))).toBeNull();
  });

  it('keep their web origins through the API: created, read, listed, kept when left out, audited', async () => {
    const res = await t.post(
      V2,
      {
        clientName: 'Origins',
        clientType: 'PUBLIC',
        redirectUrl: 'https://app.example/cb',
        webOrigins: ['https://app.example', 'http://localhost:5173'],
        applicationId: appId,
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { acId } = res.json() as { acId: string };
    const origins = ['https://app.example', 'http://localhost:5173'];
    expect((await t.get(`${V2}/${acId}`, admin)).json()).toMatchObject({ webOrigins: origins });
    const listed = await t.get(`${V2}?applicationId=${appId}&clientName=Origins`, admin);
    expect(listed.json().content).toEqual([expect.objectContaining({ acId, webOrigins: origins })]);
    const legacy = await t.get(
      `/api/admin-service/applicationClient/getClientList?applicationId=${appId}&clientName=Origins`,
      admin,
    );
    expect(legacy.json().applicationClientList[0]).toMatchObject({ webOrigins: origins });
    const renamed = await put(t, V2, { acId, clientName: 'Origins 2' }, admin);
    expect(renamed.json()).toMatchObject({ clientName: 'Origins 2', webOrigins: origins });
    const audit = await auditOf(t.db, 'application-client', acId);
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ webOrigins: origins }),
      after: expect.objectContaining({ webOrigins: origins }),
    });
    expect(audit[0]).toMatchObject({
      action: 'create',
      after: expect.objectContaining({ webOrigins: origins }),
    });
  });

  it('refuse a web origin that is not one, on create and on update, with a field message', async () => {
    const base = { clientName: 'Bad origins', redirectUrl: REDIRECT, applicationId: appId };
    const withPath = await t.post(V2, { ...base, webOrigins: ['https://app.example/cb'] }, admin);
    expect(withPath.statusCode).toBe(400);
    expect(fieldMessage(withPath.json(), 'webOrigins.0')).toBe(en(APP_CONFIG_MESSAGES.webOriginFormat));
    const plainHttp = await put(
      t,
      V2,
      {
        acId: publicClient.acId,
        clientName: 'Shop web',
        webOrigins: ['https://ok.example', 'http://app.example'],
      },
      admin,
    );
    expect(plainHttp.statusCode).toBe(400);
    expect(fieldMessage(plainHttp.json(), 'webOrigins.1')).toBe(en(APP_CONFIG_MESSAGES.redirectUrlHttps));
    const tooMany = await t.post(
      V2,
      { ...base, webOrigins: Array.from({ length: WEB_ORIGINS_MAX + 1 }, (_, i) => `https://a${i}.example`) },
      admin,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(fieldMessage(tooMany.json(), 'webOrigins')).toBe(`At most ${WEB_ORIGINS_MAX} items`);
    const notAList = await t.post(V2, { ...base, webOrigins: 'https://app.example' }, admin);
    expect(notAList.statusCode).toBe(400);
    expect(fieldMessage(notAList.json(), 'webOrigins')).toBeTruthy();
  });

  it('need a redirect URL and hold no secret to rotate', async () => {
    const bare = await t.post(
      V2,
      { clientName: 'No way back', clientType: 'PUBLIC', applicationId: appId },
      admin,
    );
    expect(bare.statusCode).toBe(400);
    expect(fieldMessage(bare.json(), 'redirectUrl')).toMatch(/redirect URL/);
    const rotate = await t.post(`${V2}/${publicClient.acId}/secret`, {}, admin);
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json().message).toMatch(/no secret/);
    const cleared = await put(
      t,
      V2,
      { acId: publicClient.acId, clientName: 'Shop web', redirectUrl: '' },
      admin,
    );
    expect(cleared.statusCode).toBe(400);
  });

  it('sign a user in with PKCE S256 and no secret, and refresh', async () => {
    const { tokens } = await codeFlow(publicRp());
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.claims().sub).toBe(granted.userId);
    const next = await publicRp().refresh(tokens.refresh_token!);
    expect(next.access_token).toBeTruthy();
  });

  it('are refused without PKCE, with the plain method, and for client credentials', async () => {
    const client = publicRp();
    const withoutPkce = await new Browser().get(
      `${issuer.metadata.authorization_endpoint}?${new URLSearchParams({
        client_id: publicClient.client,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: REDIRECT,
        state: 's',
      })}`,
    );
    // The error goes back to the registered redirect URI, never elsewhere.
    const back = new URL(withoutPkce.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);

    const plain = await new Browser().get(
      client.authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'plain',
      }),
    );
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');

    await expect(client.grant({ grant_type: 'client_credentials' })).rejects.toMatchObject({
      error: expect.stringMatching(/unauthorized_client|invalid_client|invalid_request/),
      error_description: expect.stringMatching(/not allowed|unauthorized|client/),
    });
  });
});

describe('two instances racing for one code', () => {
  it('one exchange wins; the other is invalid_grant and revokes what the winner got', async () => {
    const client = rp();
    const browser = new Browser();
    const flow = await signIn(browser, client);
    const params = client.callbackParams(flow.callback!);
    const exchange = () =>
      client.callback(REDIRECT, params, {
        code_verifier: flow.verifier,
        state: flow.state,
        nonce: flow.nonce,
      });
    const results = await Promise.allSettled([exchange(), exchange()]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ error: 'invalid_grant' });
    const tokens = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof exchange>>>).value;
    expect((await client.introspect(tokens.access_token!)).active).toBe(false);
  });
});

describe('interaction sign-in with two-factor sign-in on', () => {
  it('never passes on the password alone: it asks for the code, refuses a wrong one, accepts a right one', async () => {
    const [holding] = await t.db.select().from(userRoles).where(eq(userRoles.userId, granted.userId));
    const user = await t.createUser({ roleIds: [holding!.roleId] });
    const token = await t.login(user.username, user.password);
    const { secret } = (await t.post('/api/oauth2-server/two-factor/enrolment', undefined, token)).json();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    const confirm = await t.post(
      '/api/oauth2-server/two-factor/enrolment/confirm',
      { code: totp.generate() },
      token,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);

    const browser = new Browser();
    const res = await browser.get(
      rp().authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    const uid = uidOf(res.headers.get('location')!);
    const login = (body: object) => browser.api('POST', `${INTERACTION}/${uid}/login`, body);
    const credentials = { username: user.username, password: user.password };

    const passwordOnly = await login(credentials);
    expect(passwordOnly.status).toBe(401);
    expect(passwordOnly.json).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    const wrong = await login({ ...credentials, code: '000000' === totp.generate() ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('UNAUTHENTICATED');
    // The next step's code: the confirmation used the current one.
    const right = await login({ ...credentials, code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    expect(right.json.redirectTo).toEqual(expect.any(String));
  });
});

describe('interaction sign-in when a role requires two-factor sign-in', () => {
  it('refuses a user who has not set it up, by password or console session, until they do', async () => {
    const [holding] = await t.db.select().from(userRoles).where(eq(userRoles.userId, granted.userId));
    const strict = await t.createRole();
    await t.db.update(roles).set({ requireTwoFactor: true }).where(eq(roles.roleId, strict.roleId));
    const user = await t.createUser({ roleIds: [holding!.roleId, strict.roleId] });
    const token = await t.login(user.username, user.password);

    const browser = new Browser();
    const start = async () => {
      const res = await browser.get(
        rp().authorizationUrl({
          scope: 'openid',
          redirect_uri: REDIRECT,
          code_challenge: generators.codeChallenge(generators.codeVerifier()),
          code_challenge_method: 'S256',
        }),
      );
      return uidOf(res.headers.get('location')!);
    };
    const login = async (body: object, headers: Record<string, string> = {}) =>
      browser.api('POST', `${INTERACTION}/${await start()}/login`, body, headers);
    const credentials = { username: user.username, password: user.password };
    for (const answer of [await login(credentials), await login({}, { authorization: `Bearer ${token}` })]) {
      expect(answer.status, JSON.stringify(answer.json)).toBe(409);
      expect(answer.json.message).toBe(en(OIDC_MESSAGES.twoFactorEnrolFirst));
      expect(answer.json.redirectTo).toBeUndefined();
    }

    // Set up in the console (the session reaches the set-up), it asks for the code like any other.
    const { secret } = (await t.post('/api/oauth2-server/two-factor/enrolment', undefined, token)).json();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    const confirm = await t.post(
      '/api/oauth2-server/two-factor/enrolment/confirm',
      { code: totp.generate() },
      token,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await login(credentials)).json).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    const right = await login({ ...credentials, code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    expect(right.json.redirectTo).toEqual(expect.any(String));
  });
});

describe("ending a user's sessions ends their OIDC access everywhere", () => {
  const USERS = '/api/admin-service/v2/user';
  let roleId: string;
  beforeAll(async () => {
    const [holding] = await t.db.select().from(userRoles).where(eq(userRoles.userId, granted.userId));
    roleId = holding!.roleId;
  });

  /** Where a `prompt=none` request sends the browser back to the client: a code, or an error. */
  async function silentSignIn(browser: Browser, client: BaseClient): Promise<URLSearchParams> {
    const res = await browser.get(
      client.authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
        prompt: 'none',
        state: 'silent',
      }),
    );
    expect(res.status, await res.clone().text()).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    return back.searchParams;
  }

  const userinfoStatus = async (accessToken: string) =>
    (await fetch(`${origin}/oidc/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;

  /** The provider's artefacts that name the account, whatever their model. */
  const artefactsOf = (userId: string) =>
    t.db
      .select({ model: oidcPayloads.model })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);

  /** A fresh user signed in at the relying party: a provider session in `browser`, a grant, its tokens. */
  async function signedInAtRp() {
    const user = await t.createUser({ roleIds: [roleId] });
    const client = rp();
    const browser = new Browser();
    const flow = await signIn(browser, client, user);
    expect(flow.callback, JSON.stringify(flow.login)).toMatch(/[?&]code=/);
    const tokens = await client.callback(REDIRECT, client.callbackParams(flow.callback!), {
      code_verifier: flow.verifier,
      state: flow.state,
      nonce: flow.nonce,
    });
    // Signed in: the provider answers a silent request with a code, the access token reads userinfo.
    expect((await silentSignIn(browser, client)).get('code')).toBeTruthy();
    expect(await userinfoStatus(tokens.access_token!)).toBe(200);
    return { user, client, browser, tokens };
  }

  type SignedIn = Awaited<ReturnType<typeof signedInAtRp>>['user'];
  const ok = (res: { statusCode: number; body: string }, status = 200): void => {
    expect(res.statusCode, res.body).toBe(status);
  };
  /** The id of one of the user's console sessions, as the session lists show it. */
  const consoleSessionOf = async (token: string) => {
    const own = await t.get('/api/admin-service/user/sessions', token);
    return (own.json() as { sessionId: string; current: boolean }[]).find((s) => s.current)!.sessionId;
  };

  const GROUPS = '/api/admin-service/v2/group';
  const ROLES = '/api/admin-service/v2/role';
  /** A role that grants something in the application, besides the one every test user holds. */
  const secondRole = async () => {
    const role = (
      await t.post(ROLES, { name: 'second', code: `second-${randomBytes(4).toString('hex')}` }, admin)
    ).json();
    return role.roleId as string;
  };
  /** A group giving `role`, with `members`. */
  const groupGiving = async (role: string, members: string[] = []) => {
    const group = (
      await t.post(GROUPS, { name: 'g', code: `g-${randomBytes(4).toString('hex')}` }, admin)
    ).json();
    ok(await put(t, `${GROUPS}/${group.groupId}/roles`, { roleIds: [role] }, admin));
    if (members.length > 0)
      ok(await put(t, `${GROUPS}/${group.groupId}/members`, { userIds: members }, admin));
    return group.groupId as string;
  };

  /** Each trigger, the audit action recording it, and what it does (returning the record's entity when not the user). */
  const triggers: [string, string, (user: SignedIn) => Promise<unknown>][] = [
    [
      'their own password change',
      'password.change',
      async (user) => {
        const token = await t.login(user.username, user.password);
        const body = { oldPassword: user.password, newPassword: 'changed-password-789' };
        ok(await t.post('/api/oauth2-server/change-password', body, token));
      },
    ],
    [
      "an administrator's password reset",
      'password.reset',
      async (user) => ok(await put(t, `${USERS}/${user.userId}/password`, {}, admin)),
    ],
    [
      'a password reset through an emailed link',
      'password.reset-by-link',
      async (user) => {
        const token = randomBytes(24).toString('base64url');
        await t.db.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: user.userId,
          expiresAt: new Date(Date.now() + 600_000),
        });
        ok(await t.post('/api/oauth2-server/reset-password', { token, newPassword: 'by-link-password-789' }));
      },
    ],
    [
      "an administrator's revoke of all their sessions",
      'sessions.revoke',
      async (user) => {
        await t.login(user.username, user.password);
        ok(await del(t, `${USERS}/${user.userId}/sessions`, admin), 204);
      },
    ],
    [
      "an administrator's revoke of one console session",
      'sessions.revoke',
      async (user) => {
        const sessionId = await consoleSessionOf(await t.login(user.username, user.password));
        ok(await del(t, `${USERS}/${user.userId}/sessions/${sessionId}`, admin), 204);
      },
    ],
    [
      'their own revoke of one of their console sessions',
      'session.revoke',
      async (user) => {
        const token = await t.login(user.username, user.password);
        const other = await consoleSessionOf(await t.login(user.username, user.password));
        ok(await del(t, `/api/admin-service/user/sessions/${other}`, token));
      },
    ],
    [
      'an administrator expiring their password',
      'password.expire',
      async (user) => ok(await t.post(`${USERS}/${user.userId}/password/expire`, undefined, admin)),
    ],
    [
      'disabling the user',
      'status',
      async (user) => ok(await put(t, `${USERS}/${user.userId}/status`, { status: 'DISABLED' }, admin)),
    ],
    ['deleting the user', 'delete', async (user) => ok(await del(t, `${USERS}/${user.userId}`, admin), 204)],
    [
      'taking a role from them',
      'roles',
      async (user) => ok(await put(t, `${USERS}/${user.userId}/roles`, { roleIds: [] }, admin)),
    ],
    [
      'taking them out of a group that gives them a role',
      'groups',
      async (user) => {
        const group = await groupGiving(await secondRole());
        ok(await put(t, `${USERS}/${user.userId}/groups`, { groupIds: [group] }, admin));
        ok(await put(t, `${USERS}/${user.userId}/groups`, { groupIds: [] }, admin));
      },
    ],
    [
      "removing them from a group's members",
      'members',
      async (user) => {
        const group = await groupGiving(await secondRole(), [user.userId]);
        ok(await put(t, `${GROUPS}/${group}/members`, { userIds: [] }, admin));
        return { entity: 'group', entityId: group };
      },
    ],
    [
      'taking a role from a group of theirs',
      'roles',
      async (user) => {
        const group = await groupGiving(await secondRole(), [user.userId]);
        ok(await put(t, `${GROUPS}/${group}/roles`, { roleIds: [] }, admin));
        return { entity: 'group', entityId: group };
      },
    ],
    [
      'disabling a group of theirs',
      'status',
      async (user) => {
        const group = await groupGiving(await secondRole(), [user.userId]);
        ok(await put(t, `${GROUPS}/${group}/status`, { status: 'DISABLED' }, admin));
        return { entity: 'group', entityId: group };
      },
    ],
    [
      'disabling a role they hold',
      'status',
      async (user) => {
        const second = await secondRole();
        ok(await put(t, `${USERS}/${user.userId}/roles`, { roleIds: [roleId, second] }, admin));
        ok(await put(t, `${ROLES}/${second}/status`, { status: 'DISABLED' }, admin));
        return { entity: 'role', entityId: second };
      },
    ],
  ];

  for (const [trigger, action, act] of triggers)
    it(`after ${trigger}: prompt=none asks again, the refresh token is invalid_grant, the access token is refused`, async () => {
      const { user, client, browser, tokens } = await signedInAtRp();
      const audited = ((await act(user)) as { entity: string; entityId: string } | undefined) ?? {
        entity: 'user',
        entityId: user.userId,
      };

      expect((await silentSignIn(browser, client)).get('error')).toBe('login_required');
      await expect(client.refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      expect(await userinfoStatus(tokens.access_token!)).toBe(401);
      expect((await client.introspect(tokens.access_token!)).active).toBe(false);
      const menus = await t.get('/api/oauth2-server/authorization/menus', tokens.access_token);
      expect(menus.statusCode).toBe(401);
      // Nothing of the account is left in the provider's storage: no session, grant, token or code.
      expect(await artefactsOf(user.userId)).toEqual([]);
      // The change's audit record says what ended: here one provider session and one grant.
      const record = (await auditOf(t.db, audited.entity, audited.entityId)).findLast(
        (r) => r.action === action,
      );
      expect(record?.after).toMatchObject({ endedOidcSessionsAndGrants: 2 });
    });

  it('a role that comes to require two-factor sign-in stops the provider session, refresh and userinfo of a holder without it', async () => {
    const { user, client, browser, tokens } = await signedInAtRp();
    const strict = await t.createRole();
    await t.db.insert(userRoles).values({ userId: user.userId, roleId: strict.roleId });
    // Holding the role changes nothing while it does not require it.
    expect(await userinfoStatus(tokens.access_token!)).toBe(200);
    await t.db.update(roles).set({ requireTwoFactor: true }).where(eq(roles.roleId, strict.roleId));

    const silent = await silentSignIn(browser, client);
    expect(silent.get('code')).toBeNull();
    expect(silent.get('error')).toBe('consent_required');
    // Asked in the open, the interaction refuses the consent with the reason.
    const interactive = await browser.get(
      client.authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    const uid = uidOf(interactive.headers.get('location')!);
    const consent = await browser.api('POST', `${INTERACTION}/${uid}/consent`);
    expect(consent.status, JSON.stringify(consent.json)).toBe(409);
    expect(consent.json.message).toBe(en(OIDC_MESSAGES.twoFactorEnrolFirst));
    await expect(client.refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await userinfoStatus(tokens.access_token!)).toBe(401);

    // Once the role no longer requires it, the same session and refresh token work again.
    await t.db.update(roles).set({ requireTwoFactor: false }).where(eq(roles.roleId, strict.roleId));
    expect(await userinfoStatus(tokens.access_token!)).toBe(200);
  });

  it('a sign-in whose login was done but not yet resumed cannot be resumed', async () => {
    const user = await t.createUser({ roleIds: [roleId] });
    const browser = new Browser();
    const start = await browser.get(
      rp().authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    const uid = uidOf(start.headers.get('location')!);
    const login = await browser.api('POST', `/api/oauth2-server/interaction/${uid}/login`, {
      username: user.username,
      password: user.password,
    });
    expect(login.status).toBe(200);
    ok(await del(t, `${USERS}/${user.userId}/sessions`, admin), 204);
    const resume = await browser.get(login.json.redirectTo as string);
    expect(resume.status).toBe(400);
    expect(resume.headers.get('location')).toBeNull();
    expect(await resume.text()).toContain('interaction session not found');
  });

  it('leaves the OIDC access of other users alone', async () => {
    const bystander = await signedInAtRp();
    const { user } = await signedInAtRp();
    ok(await del(t, `${USERS}/${user.userId}/sessions`, admin), 204);
    expect((await silentSignIn(bystander.browser, bystander.client)).get('code')).toBeTruthy();
    expect(await userinfoStatus(bystander.tokens.access_token!)).toBe(200);
    expect((await bystander.client.refresh(bystander.tokens.refresh_token!)).access_token).toBeTruthy();
  });
});

describe('an interaction is bound to the browser that started it', () => {
  let publicClientId: string;
  const publicRp = () =>
    new issuer.Client({
      client_id: publicClientId,
      token_endpoint_auth_method: 'none',
      redirect_uris: [REDIRECT],
      response_types: ['code'],
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    const res = await t.post(
      V2,
      { clientName: 'Shop app', clientType: 'PUBLIC', redirectUrl: REDIRECT, applicationId: appId },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    publicClientId = createdClientSchema.parse(res.json()).client;
  });

  /** Opens the authorize URL in `browser` with a fresh PKCE pair; the interaction id and the verifier. */
  async function start(browser: Browser, client: BaseClient = publicRp()) {
    const verifier = generators.codeVerifier();
    const res = await browser.get(
      client.authorizationUrl({
        scope: 'openid profile offline_access gatehouse',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(verifier),
        code_challenge_method: 'S256',
        prompt: 'consent',
      }),
    );
    expect(res.status).toBe(303);
    return { uid: uidOf(res.headers.get('location')!), verifier, response: res };
  }

  /** The codes and grants the provider holds for a client. */
  async function issuedTo(clientId: string) {
    const rows = await t.db.select().from(oidcPayloads);
    return rows.filter(
      (row) =>
        ['AuthorizationCode', 'Grant'].includes(row.model) &&
        (row.payload as { clientId?: string }).clientId === clientId,
    );
  }

  /** The refusal of a call without the interaction's cookie: a 404 that names nothing of it. */
  function expectRefused(answer: { status: number; body: string }, ...secrets: string[]) {
    expect(answer.status, answer.body).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'NOT_FOUND',
      key: OIDC_MESSAGES.interactionGone.key,
      message: expect.stringMatching(/expired.*another browser.*Start again/),
      requestId: expect.any(String),
    });
    for (const secret of secrets) expect(answer.body).not.toContain(secret);
  }

  it('a password an administrator set, or an expired one, signs nothing in until it is replaced', async () => {
    const [holding] = await t.db.select().from(userRoles).where(eq(userRoles.userId, granted.userId));
    const user = await t.createUser({ roleIds: [holding!.roleId] });
    const browser = new Browser();
    const USERS = '/api/admin-service/v2/user';
    const reset = await put(
      t,
      `${USERS}/${user.userId}/password`,
      { password: 'temporary-password-42' },
      admin,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const login = async (body: object, headers: Record<string, string> = {}) =>
      browser.api('POST', `${INTERACTION}/${(await start(browser)).uid}/login`, body, headers);
    for (const answer of [
      // The password the administrator set, with the right credentials.
      await login({ username: user.username, password: 'temporary-password-42' }),
      // The console session of a user who still has to choose their own.
      await login({}, bearer(await t.login(user.username, 'temporary-password-42'))),
    ]) {
      expect(answer.status, answer.body).toBe(409);
      expect(answer.json.message).toBe(en(OIDC_MESSAGES.passwordChangeFirst));
    }
    // Once chosen it works, until an administrator expires it.
    const own = await t.login(user.username, 'temporary-password-42');
    const change = { oldPassword: 'temporary-password-42', newPassword: 'chosen-password-4242' };
    expect((await t.post('/api/oauth2-server/change-password', change, own)).statusCode).toBe(200);
    expect((await login({ username: user.username, password: 'chosen-password-4242' })).status).toBe(200);
    expect((await t.post(`${USERS}/${user.userId}/password/expire`, undefined, admin)).statusCode).toBe(200);
    const expired = await login({ username: user.username, password: 'chosen-password-4242' });
    expect(expired.status, expired.body).toBe(409);
    expect(expired.json.message).toBe(en(OIDC_MESSAGES.passwordChangeFirst));
  });

  it("a sign-in link opened in the victim's browser: Continue as the victim is refused, and the attacker's browser gets no code and no session", async () => {
    // The attacker starts the flow of a public client with a PKCE pair of its own …
    const attacker = new Browser();
    const { uid, verifier } = await start(attacker);
    // … and sends the victim /oauth?uid=…; the victim is signed in to the console.
    const victim = new Browser();
    const token = await t.login(granted.username, granted.password);
    const details = await victim.api('GET', `${INTERACTION}/${uid}`, undefined, bearer(token));
    expectRefused(details, 'Shop app', publicClientId, appId, granted.userId);
    // The page's "Continue as …", and the password form, both refused.
    expectRefused(await victim.api('POST', `${INTERACTION}/${uid}/login`, {}, bearer(token)));
    expectRefused(await victim.api('POST', `${INTERACTION}/${uid}/login`, granted));
    expectRefused(await victim.api('POST', `${INTERACTION}/${uid}/consent`, undefined, bearer(token)));

    // The attacker's browser resumes: nobody signed in there, so the provider asks again.
    const resumed = await attacker.get(`/oidc/auth/${uid}`);
    expect(resumed.status).toBe(303);
    const location = resumed.headers.get('location')!;
    expect(location, location).toMatch(/^\/oauth\?uid=/);
    const next = uidOf(location);
    const asked = await attacker.api('GET', `${INTERACTION}/${next}`);
    expect(asked.status, asked.body).toBe(200);
    expect(asked.json).toMatchObject({ prompt: 'login', loginRequired: true, accountId: null });
    // Consent without credentials goes nowhere: the interaction asks for a login.
    const consent = await attacker.api('POST', `${INTERACTION}/${next}/consent`);
    expect(consent.status, consent.body).toBe(409);
    // Neither a code nor a grant exists for the client, so the attacker's verifier buys nothing.
    expect(await issuedTo(publicClientId)).toEqual([]);
    expect(verifier).toBeTruthy();

    // The victim's own sign-in, started in the victim's browser, goes through.
    const own = await start(victim);
    const signedIn = await victim.api('POST', `${INTERACTION}/${own.uid}/login`, {}, bearer(token));
    expect(signedIn.status, signedIn.body).toBe(200);
    const consentAt = await victim.get(signedIn.json.redirectTo as string);
    const consented = await victim.api(
      'POST',
      `${INTERACTION}/${uidOf(consentAt.headers.get('location')!)}/consent`,
    );
    expect(consented.status, consented.body).toBe(200);
    const back = await victim.get(consented.json.redirectTo as string);
    const params = publicRp().callbackParams(back.headers.get('location')!);
    const tokens = await publicRp().callback(REDIRECT, params, { code_verifier: own.verifier });
    expect(tokens.claims().sub).toBe(granted.userId);
    expect((await issuedTo(publicClientId)).map((row) => row.model).sort()).toEqual([
      'AuthorizationCode',
      'Grant',
    ]);
  });

  it('details, login, consent and abort answer another browser 404, as for an unknown id, naming neither the account nor the client; the browser that started it goes on', async () => {
    const owner = new Browser();
    const client = rp();
    const verifier = generators.codeVerifier();
    const res = await owner.get(
      client.authorizationUrl({
        scope: 'openid',
        redirect_uri: REDIRECT,
        code_challenge: generators.codeChallenge(verifier),
        code_challenge_method: 'S256',
        prompt: 'consent',
      }),
    );
    const login = await owner.api(
      'POST',
      `${INTERACTION}/${uidOf(res.headers.get('location')!)}/login`,
      granted,
    );
    expect(login.status, login.body).toBe(200);
    const consentAt = await owner.get(login.json.redirectTo as string);
    const uid = uidOf(consentAt.headers.get('location')!);
    const own = await owner.api('GET', `${INTERACTION}/${uid}`);
    expect(own.json).toMatchObject({ prompt: 'consent', accountId: granted.userId, clientName: 'Shop web' });

    const other = new Browser();
    const token = await t.login(granted.username, granted.password);
    const secrets = [granted.userId, granted.username, 'Shop web', registered.client, appId];
    const unknown = await other.api('GET', `${INTERACTION}/no-such-interaction`);
    expectRefused(unknown);
    const details = await other.api('GET', `${INTERACTION}/${uid}`, undefined, bearer(token));
    expectRefused(details, ...secrets);
    expect({ ...details.json, requestId: '' }).toEqual({ ...unknown.json, requestId: '' });
    expectRefused(
      await other.api('POST', `${INTERACTION}/${uid}/consent`, undefined, bearer(token)),
      ...secrets,
    );
    expectRefused(await other.api('POST', `${INTERACTION}/${uid}/abort`), ...secrets);
    expectRefused(await other.api('POST', `${INTERACTION}/${uid}/login`, {}, bearer(token)), ...secrets);

    // None of it touched the owner's interaction.
    const consent = await owner.api('POST', `${INTERACTION}/${uid}/consent`);
    expect(consent.status, consent.body).toBe(200);
    const back = await owner.get(consent.json.redirectTo as string);
    const params = client.callbackParams(back.headers.get('location')!);
    const tokens = await client.callback(REDIRECT, params, { code_verifier: verifier });
    expect(tokens.claims().sub).toBe(granted.userId);
  });

  it("another interaction's cookie, a forged one or an unsigned one opens nothing", async () => {
    const first = new Browser();
    const { uid } = await start(first);
    const second = new Browser();
    const { uid: otherUid } = await start(second);
    const [value] = first.cookies('_interaction');
    const [signature] = second.cookies('_interaction.sig');
    const tries = [
      // The second browser's own cookies, sent for the first interaction's path.
      second.cookieFor(`${INTERACTION}/${otherUid}`),
      // The first interaction's id under the second's signature.
      `_interaction=${value!.value}; _interaction.sig=${signature!.value}`,
      `_interaction=${uid}`,
    ];
    for (const cookie of tries) {
      const answer = await t.inject({ method: 'GET', url: `${INTERACTION}/${uid}`, headers: { cookie } });
      expectRefused({ status: answer.statusCode, body: answer.body });
    }
    expect((await first.api('GET', `${INTERACTION}/${uid}`)).status).toBe(200);
  });

  it('the provider sets its interaction cookie for that interaction’s API path alone: signed, http-only, SameSite=Lax, no longer for /oauth', async () => {
    const browser = new Browser();
    const { uid, response } = await start(browser);
    const lines = response.headers.getSetCookie();
    const ofName = (name: string) => lines.filter((line) => line.startsWith(`${name}=`));
    for (const name of ['_interaction', '_interaction.sig']) {
      const [line, ...more] = ofName(name);
      expect(more, lines.join('\n')).toEqual([]);
      expect(line).toMatch(new RegExp(`; path=${INTERACTION}/${uid};`));
      expect(line).toMatch(/; samesite=lax/);
      expect(line).toMatch(/; httponly/);
      expect(line).not.toMatch(/; secure/);
      // As long as the interaction lives (FIXED_TTL.Interaction, 10 minutes).
      const expires = Date.parse(/expires=([^;]+)/.exec(line!)![1]!);
      expect(Math.abs(expires - Date.now() - 600_000)).toBeLessThan(5_000);
    }
    // The resume cookie stays the provider's own.
    expect(ofName('_interaction_resume')[0]).toMatch(new RegExp(`; path=/oidc/auth/${uid};`));
    expect(browser.cookieFor('/oauth')).not.toContain('_interaction=');
    expect(browser.cookieFor(`${INTERACTION}/${uid}/consent`)).toMatch(/_interaction=.*_interaction.sig=/);
  });

  it('behind a TLS proxy the cookie is Secure', async () => {
    const other = buildApp({
      db: t.db,
      logger: false,
      config: {
        webDir: '/nonexistent-web-dir',
        secretKey: SERVER_KEY,
        issuer: 'https://id.gatehouse.test/oidc',
        trustProxy: true,
      },
    });
    await other.ready();
    try {
      const url = new URL(
        rp().authorizationUrl({
          scope: 'openid',
          redirect_uri: REDIRECT,
          code_challenge: generators.codeChallenge(generators.codeVerifier()),
          code_challenge_method: 'S256',
        }),
      );
      const res = await other.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { host: 'id.gatehouse.test', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode, res.body).toBe(303);
      const uid = uidOf(String(res.headers.location));
      const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const cookie = lines.filter((line) => line.startsWith('_interaction='));
      expect(cookie).toHaveLength(1);
      expect(cookie[0]).toMatch(
        new RegExp(`; path=${INTERACTION}/${uid};.*; samesite=lax; secure; httponly`),
      );
    } finally {
      await other.close();
    }
  });

  it('two sign-ins at once in one browser both complete', async () => {
    const browser = new Browser();
    const client = rp();
    const flows = [];
    for (const state of ['first', 'second']) {
      const verifier = generators.codeVerifier();
      const res = await browser.get(
        client.authorizationUrl({
          scope: 'openid',
          redirect_uri: REDIRECT,
          code_challenge: generators.codeChallenge(verifier),
          code_challenge_method: 'S256',
          prompt: 'consent',
          state,
        }),
      );
      flows.push({ state, verifier, uid: uidOf(res.headers.get('location')!) });
    }
    expect(browser.cookies('_interaction')).toHaveLength(2);
    const logins = [];
    for (const flow of flows) {
      const login = await browser.api('POST', `${INTERACTION}/${flow.uid}/login`, granted);
      expect(login.status, login.body).toBe(200);
      logins.push(login.json.redirectTo as string);
    }
    const consents = [];
    for (const resume of logins) {
      const res = await browser.get(resume);
      consents.push(uidOf(res.headers.get('location')!));
    }
    for (const [i, uid] of consents.entries()) {
      const consent = await browser.api('POST', `${INTERACTION}/${uid}/consent`);
      expect(consent.status, consent.body).toBe(200);
      const back = await browser.get(consent.json.redirectTo as string);
      const flow = flows[i]!;
      const params = client.callbackParams(back.headers.get('location')!);
      expect(params.state).toBe(flow.state);
      const tokens = await client.callback(REDIRECT, params, {
        code_verifier: flow.verifier,
        state: flow.state,
      });
      expect(tokens.claims().sub).toBe(granted.userId);
    }
  });
});

describe('a client stored with redirect URIs that the rules now refuse', () => {
  const FRAGMENT = 'https://rp.example/with#fragment';
  const PLAIN = 'http://rp.example/plain';
  const authorize = (clientId: string, redirectUri: string) =>
    new Browser().get(
      `/oidc/auth?${new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: redirectUri,
        code_challenge: generators.codeChallenge(generators.codeVerifier()),
        code_challenge_method: 'S256',
      })}`,
    );
  const storeRedirectUrl = (acId: string, redirectUrl: string) =>
    t.db.update(applicationClients).set({ redirectUrl }).where(eq(applicationClients.acId, acId));

  it('keeps its other URIs and client credentials; the refused ones are refused like unregistered ones', async () => {
    await storeRedirectUrl(registered.acId, `${FRAGMENT} ${PLAIN} ${REDIRECT}`);
    try {
      expect((await rp().grant({ grant_type: 'client_credentials' })).access_token).toBeTruthy();
      const usable = await authorize(registered.client, REDIRECT);
      expect(usable.status).toBe(303);
      expect(usable.headers.get('location')).toMatch(/^\/oauth\?uid=/);
      for (const refused of [FRAGMENT, PLAIN]) {
        const res = await authorize(registered.client, refused);
        expect(res.status, refused).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        expect(await res.text()).toContain('redirect_uri');
      }
    } finally {
      await storeRedirectUrl(registered.acId, `${REDIRECT} ${OTHER_REDIRECT}`);
    }
  });

  it('with none left, signs nobody in and shows a page, never a redirect', async () => {
    const res = await t.post(
      V2,
      { clientName: 'Old SPA', clientType: 'PUBLIC', redirectUrl: REDIRECT, applicationId: appId },
      admin,
    );
    const created = createdClientSchema.parse(res.json());
    await storeRedirectUrl(created.acId, PLAIN);
    const refused = await authorize(created.client, PLAIN);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
  });
});

describe('client authentication at the token endpoints', () => {
  const tokenRequest = (form: Record<string, string>, basic?: [string, string]) =>
    fetch(issuer.metadata.token_endpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(basic
          ? {
              authorization: `Basic ${Buffer.from(`${encodeURIComponent(basic[0])}:${encodeURIComponent(basic[1])}`).toString('base64')}`,
            }
          : {}),
      },
      body: new URLSearchParams(form).toString(),
    });
  const errorOf = async (res: Response) => ((await res.json()) as { error?: string }).error;

  it('discovery names what works: client_secret_basic and none', async () => {
    expect(issuer.metadata.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'none']);
    expect(issuer.metadata.introspection_endpoint_auth_methods_supported).toEqual([
      'client_secret_basic',
      'none',
    ]);
    expect(issuer.metadata.revocation_endpoint_auth_methods_supported).toEqual([
      'client_secret_basic',
      'none',
    ]);
  });

  it('a confidential client authenticates with HTTP Basic only: its secret in the body, or a client_secret_jwt, is invalid', async () => {
    const basic = await tokenRequest({ grant_type: 'client_credentials' }, [
      registered.client,
      registered.secret,
    ]);
    expect(basic.status).toBe(200);
    const post = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: registered.client,
      client_secret: registered.secret,
    });
    expect(post.status).toBe(401);
    expect(await errorOf(post)).toBe('invalid_client');
    const jwt = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: registered.client,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: hs256Assertion(registered.client, registered.secret, issuer.metadata.token_endpoint!),
    });
    expect(jwt.status).toBe(401);
    expect(await errorOf(jwt)).toBe('invalid_client');
  });

  it('a public client authenticates with none: a secret in HTTP Basic is invalid', async () => {
    const res = await t.post(
      V2,
      { clientName: 'Auth SPA', clientType: 'PUBLIC', redirectUrl: REDIRECT, applicationId: appId },
      admin,
    );
    const { client } = createdClientSchema.parse(res.json());
    const exchange = { grant_type: 'authorization_code', code: 'no-such-code', redirect_uri: REDIRECT };
    // Authenticated, it gets as far as the code, which is unknown.
    const none = await tokenRequest({ ...exchange, client_id: client, code_verifier: 'v'.repeat(43) });
    expect(await errorOf(none)).toBe('invalid_grant');
    const basic = await tokenRequest({ ...exchange, code_verifier: 'v'.repeat(43) }, [client, 'any-secret']);
    expect(basic.status).toBe(401);
    expect(await errorOf(basic)).toBe('invalid_client');
  });
});

/** A client_secret_jwt assertion (RFC 7523) signed with the client's secret. */
function hs256Assertion(clientId: string, secret: string, audience: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    iss: clientId,
    sub: clientId,
    aud: audience,
    jti: randomBytes(16).toString('hex'),
    iat: now,
    exp: now + 60,
  })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
