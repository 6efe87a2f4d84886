import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, createApp, createClient } from './helpers';

/**
 * examples/spa, built here and served from a second origin of this machine (localhost on its
 * own port, while Gatehouse is 127.0.0.1 on another), signs in through @gatehouse/react and
 * oidc-client-ts: every call it makes to Gatehouse's token and userinfo endpoints is a
 * cross-origin fetch that CORS must let through. It calls examples/api (started here, on a
 * third origin, with @gatehouse/node) with a JWT access token for the application's APIs.
 */

const root = new URL('../../..', import.meta.url).pathname;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

let dist: string;
let server: Server;
let spaOrigin: string;
let api: ChildProcess | undefined;
/** What the example reads from ./config.json; set once the client exists. */
let config: Record<string, string> = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dist = mkdtempSync(join(tmpdir(), 'gatehouse-spa-'));
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(root, 'examples/spa'),
    stdio: 'inherit',
  });
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://spa').pathname;
    if (path === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json']! });
      res.end(JSON.stringify(config));
      return;
    }
    // The app answers every other path with index.html, as a single-page app's host does.
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    let body: Buffer;
    try {
      body = file.startsWith(dist) ? readFileSync(file) : readFileSync(join(dist, 'index.html'));
    } catch {
      body = readFileSync(join(dist, 'index.html'));
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? TYPES['.html']! });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  spaOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  if (api && api.exitCode === null) {
    const exited = new Promise((resolve) => api!.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  await new Promise((resolve) => server?.close(resolve));
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/**
 * examples/api on a free port, for the application's resource indicator at this Gatehouse and
 * CORS for the SPA's origin; the address once it listens.
 */
async function startApi(issuer: string, resource: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'examples/api'),
    env: {
      ...process.env,
      GATEHOUSE_ISSUER: issuer,
      GATEHOUSE_AUDIENCE: resource,
      CORS_ORIGINS: spaOrigin,
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  api = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /Orders API on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (listening) resolve(`${listening[1]}/`);
    });
    child.once('exit', (code) => reject(new Error(`examples/api exited (${code}): ${out}`)));
  });
}

/** A JWT's header and claims, unverified: what the test looks at, the API having verified it. */
function decodeJwt(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } {
  const [header, claims] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  return { header, claims };
}

/**
 * An application with an enabled API (so a resource server) protected by the permission
 * `orders`, a public client for the SPA, and a user whose role grants `retrieve` on it.
 */
async function seed(request: APIRequestContext) {
  const login = await request.post('/api/oauth2-server/login', { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).result.token as string;
  const app = await createApp(request, token, { name: `Shop ${randomBytes(3).toString('hex')}` });
  const created = await request.post('/api/admin-service/permission/createPermission', {
    headers: auth(token),
    data: { name: 'Orders', id: 'orders', resourceType: 'API', applicationId: app.appId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const permission = (await created.json()) as { id: string; resourceId: string };
  const described = await request.post('/api/admin-service/v2/application/api', {
    headers: auth(token),
    data: {
      applicationId: app.appId,
      method: 'GET',
      pathPattern: '/orders',
      permissionIds: [permission.resourceId],
    },
  });
  expect(described.status(), await described.text()).toBe(201);
  const client = await createClient(request, token, app.appId, {
    clientName: 'Shop SPA',
    clientType: 'PUBLIC',
    redirectUrl: `${spaOrigin}/`,
    webOrigins: [spaOrigin],
  });
  expect(client).toMatchObject({ clientType: 'PUBLIC', secret: null, webOrigins: [spaOrigin] });

  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const role = await request.post('/api/admin-service/v2/role', {
    headers: auth(token),
    data: { name: `SPA e2e ${suffix}`, code: `spa-e2e-${suffix}` },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { roleId } = (await role.json()) as { roleId: string };
  const granted = await request.put(`/api/admin-service/v2/role/${roleId}/grants`, {
    headers: auth(token),
    data: {
      permissions: [{ applicationId: app.appId, permissionId: permission.id, actionEntitySet: ['retrieve'] }],
      resources: [],
    },
  });
  expect(granted.status(), await granted.text()).toBeLessThan(300);
  const user = {
    username: `spa-${suffix}`,
    password: `Pw-${randomBytes(12).toString('hex')}`,
    name: `SPA User ${suffix}`,
  };
  const createdUser = await request.post('/api/admin-service/v2/user', {
    headers: auth(token),
    data: { ...user, email: `spa-${suffix}@example.com`, mustChangePassword: false },
  });
  expect(createdUser.status(), await createdUser.text()).toBe(201);
  const { userId } = (await createdUser.json()) as { userId: string };
  const roles = await request.put(`/api/admin-service/v2/user/${userId}/roles`, {
    headers: auth(token),
    data: { roleIds: [roleId] },
  });
  expect(roles.status(), await roles.text()).toBeLessThan(300);
  return { client, user, permissionId: permission.id, resource: `urn:gatehouse:application:${app.appId}` };
}

test('SPA on a second origin: sign-in with code + PKCE, its API with a JWT, refresh, userinfo, sign-out', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const s = await seed(request);
  const apiBase = await startApi(`${baseURL}/oidc`, s.resource);
  config = {
    authority: `${baseURL}/oidc`,
    clientId: s.client.client,
    redirectUri: `${spaOrigin}/`,
    permissionId: s.permissionId,
    elementCode: 'order:refund',
    api: apiBase,
    resource: s.resource,
  };
  const timings: Record<string, number> = {};
  const timed = async (name: string, step: () => Promise<void>) => {
    const started = performance.now();
    await step();
    timings[name] = Math.round(performance.now() - started);
  };
  /** The answers of Gatehouse's token endpoint to the page, with the origin CORS allowed. */
  const tokenAnswer = () =>
    page.waitForResponse((res) => res.url() === `${baseURL}/oidc/token` && res.request().method() === 'POST');

  await page.goto(`${spaOrigin}/`);
  await expect(page.getByText('Signed out.')).toBeVisible();

  // Sign-in: to Gatehouse's /oauth page, then back with a code the app trades for tokens.
  await timed('sign-in', async () => {
    const authorize = page.waitForRequest((req) => req.url().startsWith(`${baseURL}/oidc/auth?`));
    await page.getByRole('button', { name: 'Sign in with Gatehouse' }).click();
    // The API's resource indicator is asked for at sign-in; its token comes later.
    expect(new URL((await authorize).url()).searchParams.getAll('resource')).toEqual([s.resource]);
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/oauth\\?uid=`));
    await page.getByLabel('Username').fill(s.user.username);
    await page.getByLabel('Password').fill(s.user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Allow Shop SPA?' })).toBeVisible();
    const exchanged = tokenAnswer();
    await page.getByRole('button', { name: 'Allow' }).click();
    const answer = await exchanged;
    const exchange = new URLSearchParams(answer.request().postData() ?? '');
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('resource')).toBeNull();
    // PKCE: the verifier goes with the code, and the public client sends no secret.
    expect(exchange.get('code_verifier')).toMatch(/^[\w.~-]{43,128}$/);
    expect(answer.request().headers().authorization).toBeUndefined();
    expect(answer.status()).toBe(200);
    expect(answer.headers()['access-control-allow-origin']).toBe(spaOrigin);
    await expect(page.getByTestId('id-token-name')).toHaveText(s.user.name);
  });
  await expect(page).toHaveURL(`${spaOrigin}/`);
  // The <Access> demo: the role grants retrieve on the permission, nothing else.
  await expect(page.getByRole('button', { name: `View ${s.permissionId}` })).toBeEnabled();
  await expect(page.getByRole('button', { name: `Edit ${s.permissionId}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Edit ${s.permissionId}` })).toHaveAttribute(
    'title',
    'No permission',
  );
  await expect(page.getByRole('button', { name: `Delete ${s.permissionId}` })).toHaveCount(0);
  await expect(page.getByText('No element order:refund.')).toBeVisible();

  // The API: a refresh naming its resource gives a JWT for it, kept apart from the user's token.
  const userToken = await page.getByTestId('access-token').textContent();
  const orders = page.getByRole('region', { name: 'Orders' });
  await timed('api-token', async () => {
    const apiToken = tokenAnswer();
    const listed = page.waitForResponse((res) => res.url() === `${apiBase}orders`);
    await orders.getByRole('button', { name: 'Load orders' }).click();
    const answer = await apiToken;
    const body = new URLSearchParams(answer.request().postData() ?? '');
    expect(body.get('grant_type')).toBe('refresh_token');
    expect(body.get('resource')).toBe(s.resource);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['access-control-allow-origin']).toBe(spaOrigin);
    const jwt = ((await answer.json()) as { access_token: string }).access_token;
    const { header, claims } = decodeJwt(jwt);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(claims).toMatchObject({
      iss: `${baseURL}/oidc`,
      aud: s.resource,
      client_id: s.client.client,
      permissions: [{ permissionId: 'orders', actions: ['retrieve'] }],
    });
    const list = await listed;
    expect(list.request().headers().authorization).toBe(`Bearer ${jwt}`);
    expect(list.status()).toBe(200);
    expect(list.headers()['access-control-allow-origin']).toBe(spaOrigin);
    await expect(orders.getByTestId('orders-outcome')).toHaveText('200 OK');
    await expect(orders.getByTestId('order-1-status')).toHaveText('open');

    // Shipping needs `update`, which the role does not grant: the API's 403, with the same token.
    const shipped = page.waitForResponse(
      (res) => res.url() === `${apiBase}orders/1` && res.request().method() === 'PUT',
    );
    await orders.getByRole('button', { name: 'Ship Tea' }).click();
    const refused = await shipped;
    expect(refused.request().headers().authorization).toBe(`Bearer ${jwt}`);
    expect(refused.status()).toBe(403);
    expect(refused.headers()['access-control-allow-origin']).toBe(spaOrigin);
    await expect(orders.getByTestId('orders-outcome')).toHaveText('403 insufficient_scope: not allowed');
    await expect(orders.getByTestId('order-1-status')).toHaveText('open');
  });
  await expect(page.getByTestId('access-token')).toHaveText(userToken!);

  // Refresh: the refresh_token grant, from the browser, with the refresh token the API's
  // token request left (each use rotates it; a spent one would end the grant).
  const before = await page.getByTestId('access-token').textContent();
  await timed('refresh', async () => {
    const refreshed = tokenAnswer();
    await page.getByRole('button', { name: 'Refresh tokens' }).click();
    const answer = await refreshed;
    const body = new URLSearchParams(answer.request().postData() ?? '');
    expect(body.get('grant_type')).toBe('refresh_token');
    expect(body.get('resource')).toBeNull();
    expect(answer.status()).toBe(200);
    expect(answer.headers()['access-control-allow-origin']).toBe(spaOrigin);
    await expect(page.getByTestId('refreshes')).toHaveText('1');
  });
  await expect(page.getByTestId('access-token')).not.toHaveText(before!);

  // Userinfo with the refreshed access token.
  await timed('userinfo', async () => {
    const userinfo = page.waitForResponse((res) => res.url() === `${baseURL}/oidc/me`);
    await page.getByRole('button', { name: 'Call userinfo' }).click();
    const answer = await userinfo;
    expect(answer.status()).toBe(200);
    // The opaque token, not a JWT: userinfo refuses the API's.
    expect(answer.request().headers().authorization).toMatch(/^Bearer [\w-]+$/);
    expect(answer.headers()['access-control-allow-origin']).toBe(spaOrigin);
    await expect(page.getByTestId('userinfo-name')).toHaveText(s.user.name);
  });
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Sign-out: RP-initiated logout at Gatehouse, confirmed there, and back to the app signed out.
  await timed('sign-out', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: /^Sign out of / })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(new RegExp(`^${spaOrigin}/`));
    await expect(page.getByText('Signed out.')).toBeVisible();
  });

  // Gatehouse's session ended too: signing in again asks for the password.
  await page.getByRole('button', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();

  for (const [name, ms] of Object.entries(timings))
    test.info().annotations.push({ type: name, description: `${ms} ms` });
  console.log(`SPA on a second origin (ms): ${JSON.stringify(timings)}`);
});
