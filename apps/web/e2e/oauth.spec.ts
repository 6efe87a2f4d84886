import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, createApp, createClient, seedPermissions, signIn } from './helpers';

/**
 * The authorization code flow with PKCE through the console's /oauth page, as a relying party
 * on this server sees it: the browser opens the authorize URL, signs in and allows on the
 * page, and lands on the client's redirect URI with a code, which the test exchanges at the
 * token endpoint. The redirect URI is a path of this server; only its query matters.
 */

test.describe.configure({ timeout: 60_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const CALLBACK = '/oauth-callback-test';

/**
 * The address at which the browser reaches the relying party's redirect URI, read from that
 * navigation's request. The URI is a path of this server, which answers it with the console,
 * and the console moves on from a path it does not know, so the page's address afterwards is
 * no record of the answer. (A page.route standing in for the relying party is not asked for
 * the hops of a redirect, and the authorization server reaches the URI by one.)
 */
async function landingOf(page: Page, action: () => Promise<void>): Promise<URL> {
  const landing = page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).pathname === CALLBACK,
  );
  await action();
  return new URL((await landing).url());
}

async function apiToken(request: APIRequestContext) {
  const res = await request.post('/api/oauth2-server/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.token as string;
}

/** An application, a client of it redirecting to this server, and a user whose role grants a permission in it. */
async function seed(request: APIRequestContext, baseURL: string) {
  const token = await apiToken(request);
  const app = await createApp(request, token, { name: `Shop ${randomBytes(3).toString('hex')}` });
  const [permission] = await seedPermissions(request, token, app.appId, 1);
  const redirectUri = `${baseURL}${CALLBACK}`;
  const client = await createClient(request, token, app.appId, {
    clientName: 'Shop web',
    redirectUrl: redirectUri,
  });

  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const role = await request.post('/api/admin-service/v2/role', {
    headers: auth(token),
    data: { name: `OAuth e2e ${suffix}`, code: `oauth-e2e-${suffix}` },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { roleId } = (await role.json()) as { roleId: string };
  const granted = await request.put(`/api/admin-service/v2/role/${roleId}/grants`, {
    headers: auth(token),
    data: {
      permissions: [
        { applicationId: app.appId, permissionId: permission!.id, actionEntitySet: ['retrieve'] },
      ],
      resources: [],
    },
  });
  expect(granted.status(), await granted.text()).toBeLessThan(300);

  const user = { username: `oauth-${suffix}`, password: `Pw-${randomBytes(12).toString('hex')}` };
  const created = await request.post('/api/admin-service/v2/user', {
    headers: auth(token),
    data: {
      ...user,
      name: `OAuth ${suffix}`,
      email: `oauth-${suffix}@example.com`,
      mustChangePassword: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { userId } = (await created.json()) as { userId: string };
  const roles = await request.put(`/api/admin-service/v2/user/${userId}/roles`, {
    headers: auth(token),
    data: { roleIds: [roleId] },
  });
  expect(roles.status(), await roles.text()).toBeLessThan(300);
  return { app, client, user: { ...user, userId }, redirectUri, permissionId: permission!.id };
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/** The authorize URL with a fresh PKCE S256 pair, state and nonce. */
function authorizeUrl(clientId: string, redirectUri: string) {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid profile gatehouse',
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: `/oidc/auth?${query}`, verifier, state, nonce };
}

/** Opens the authorize URL and signs in on the /oauth page with the form. */
async function signInOnOAuthPage(page: Page, url: string, user: { username: string; password: string }) {
  await page.goto(url);
  await expect(page).toHaveURL(/\/oauth\?uid=/);
  await expect(page.getByRole('heading', { name: /Sign in to Shop/ })).toBeVisible();
  await expect(page.getByText('Shop web')).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Allow Shop web?' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Requested access' })).toContainText('gatehouse');
}

function jwtPayload(jwt: string): Record<string, unknown> {
  const [, payload] = jwt.split('.');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
}

test('code + PKCE: sign in and allow on /oauth, then the code buys an ID token with the claims', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await seed(request, baseURL!);
  const flow = authorizeUrl(s.client.client, s.redirectUri);
  await signInOnOAuthPage(page, flow.url, s.user);

  const landed = await landingOf(page, () => page.getByRole('button', { name: 'Allow' }).click());
  expect(landed.searchParams.get('state')).toBe(flow.state);
  const code = landed.searchParams.get('code');
  expect(code, landed.href).toBeTruthy();

  const basic = Buffer.from(
    `${encodeURIComponent(s.client.client)}:${encodeURIComponent(s.client.secret ?? '')}`,
  ).toString('base64');
  const res = await request.post('/oidc/token', {
    headers: { Authorization: `Basic ${basic}` },
    form: {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: s.redirectUri,
      code_verifier: flow.verifier,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const tokens = (await res.json()) as { id_token: string; access_token: string; token_type: string };
  expect(tokens.access_token).toBeTruthy();
  const claims = jwtPayload(tokens.id_token);
  expect(claims).toMatchObject({
    iss: `${baseURL}/oidc`,
    aud: s.client.client,
    sub: s.user.userId,
    nonce: flow.nonce,
    preferred_username: s.user.username,
    permissions: [{ permissionId: s.permissionId, actions: ['retrieve'] }],
  });
  expect(claims.roles).toEqual(expect.arrayContaining([expect.stringMatching(/^oauth-e2e-/)]));
});

test('Deny sends the browser back to the redirect URI with access_denied', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await seed(request, baseURL!);
  const flow = authorizeUrl(s.client.client, s.redirectUri);
  await signInOnOAuthPage(page, flow.url, s.user);

  const landed = await landingOf(page, () => page.getByRole('button', { name: 'Deny' }).click());
  expect(landed.searchParams.get('error')).toBe('access_denied');
  expect(landed.searchParams.get('state')).toBe(flow.state);
  expect(landed.searchParams.get('code')).toBeNull();
});

test('a console session signs in with one click: Continue as <name>', async ({ page, request, baseURL }) => {
  const s = await seed(request, baseURL!);
  await signIn(page, request, s.user);
  const flow = authorizeUrl(s.client.client, s.redirectUri);
  await page.goto(flow.url);
  await expect(page).toHaveURL(/\/oauth\?uid=/);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page
    .getByRole('button', { name: `Continue as OAuth ${s.user.username.slice('oauth-'.length)}` })
    .click();
  const landed = await landingOf(page, () => page.getByRole('button', { name: 'Allow' }).click());
  expect(landed.searchParams.get('code')).toBeTruthy();
});

test('a console session that has ended meanwhile leaves the form to sign in with', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await seed(request, baseURL!);
  const token = await signIn(page, request, s.user);
  const flow = authorizeUrl(s.client.client, s.redirectUri);
  await page.goto(flow.url);
  const proceed = page.getByRole('button', { name: /^Continue as / });
  await expect(proceed).toBeVisible();
  const out = await request.post('/api/oauth2-server/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(out.status(), await out.text()).toBeLessThan(300);
  await proceed.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/oauth\?uid=/);
  await page.getByLabel('Username').fill(s.user.username);
  await page.getByLabel('Password').fill(s.user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Allow Shop web?' })).toBeVisible();
});

test('an unknown interaction shows a message on the page and redirects nowhere', async ({ page }) => {
  await page.goto('/oauth?uid=no-such-interaction');
  await expect(page.getByRole('alert')).toContainText(/expired or was started in another browser/);
  await expect(page).toHaveURL(/\/oauth\?uid=no-such-interaction$/);
});

test('a step the browser can no longer make (its interaction cookie gone) ends the page with the refusal', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await seed(request, baseURL!);
  const flow = authorizeUrl(s.client.client, s.redirectUri);
  await page.goto(flow.url);
  await expect(page.getByRole('heading', { name: /Sign in to Shop/ })).toBeVisible();
  await page.context().clearCookies();
  await page.getByLabel('Username').fill(s.user.username);
  await page.getByLabel('Password').fill(s.user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'The sign-in cannot go on' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(/expired or was started in another browser/);
  await expect(page.getByLabel('Password')).toHaveCount(0);
});

test("a sign-in link sent to another browser: the victim is refused, and the attacker's browser gets no code", async ({
  browser,
  request,
  baseURL,
}) => {
  const s = await seed(request, baseURL!);
  const app = await createClient(request, await apiToken(request), s.app.appId, {
    clientName: 'Shop app',
    clientType: 'PUBLIC',
    redirectUrl: s.redirectUri,
  });
  const attackerContext = await browser.newContext();
  const victimContext = await browser.newContext();
  try {
    // The attacker starts a public client's sign-in with a PKCE pair of its own.
    const attacker = await attackerContext.newPage();
    const callbacks: string[] = [];
    attacker.on('request', (req) => {
      if (new URL(req.url()).pathname === CALLBACK) callbacks.push(req.url());
    });
    const flow = authorizeUrl(app.client, s.redirectUri);
    await attacker.goto(flow.url);
    await expect(attacker).toHaveURL(/\/oauth\?uid=/);
    const uid = new URL(attacker.url()).searchParams.get('uid')!;

    // The victim, signed in to the console, opens the link: no "Continue as", only the refusal.
    const victim = await victimContext.newPage();
    const victimToken = await signIn(victim, request, s.user);
    await victim.goto(`/oauth?uid=${encodeURIComponent(uid)}`);
    await expect(victim.getByRole('heading', { name: 'The sign-in cannot go on' })).toBeVisible();
    await expect(victim.getByRole('alert')).toContainText(/expired or was started in another browser/);
    await expect(victim.getByRole('button', { name: /^Continue as / })).toHaveCount(0);
    await expect(victim.getByText('Shop app')).toHaveCount(0);
    // The call behind "Continue as …", made from the victim's page with the console session, is refused.
    const continued = await victim.evaluate(
      async ([path, token]) => {
        const res = await fetch(path!, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: '{}',
        });
        return res.status;
      },
      [`/api/oauth2-server/interaction/${encodeURIComponent(uid)}/login`, victimToken],
    );
    expect(continued).toBe(404);

    // The attacker resumes: nobody signed in in its browser, so the provider asks for a login again.
    await attacker.goto(`/oidc/auth/${encodeURIComponent(uid)}`);
    await expect(attacker).toHaveURL(/\/oauth\?uid=/);
    expect(new URL(attacker.url()).searchParams.get('uid')).not.toBe(uid);
    await expect(attacker.getByRole('heading', { name: /Sign in to Shop/ })).toBeVisible();
    await expect(attacker.getByLabel('Password')).toBeVisible();
    await expect(attacker.getByRole('button', { name: 'Allow' })).toHaveCount(0);
    expect(callbacks).toEqual([]);
  } finally {
    await attackerContext.close();
    await victimContext.close();
  }
});

test('a user with two-factor sign-in gives the code on /oauth after the password', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await seed(request, baseURL!);
  const token = (
    await (
      await request.post('/api/oauth2-server/login', {
        data: { username: s.user.username, password: s.user.password },
      })
    ).json()
  ).result.token as string;
  const started = await request.post('/api/oauth2-server/two-factor/enrolment', { headers: auth(token) });
  expect(started.status(), await started.text()).toBe(200);
  const totp = new TOTP({ secret: Secret.fromBase32((await started.json()).secret), digits: 6, period: 30 });
  const confirmed = await request.post('/api/oauth2-server/two-factor/enrolment/confirm', {
    headers: auth(token),
    data: { code: totp.generate() },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const flow = authorizeUrl(s.client.client, s.redirectUri);
  await page.goto(flow.url);
  await page.getByLabel('Username').fill(s.user.username);
  await page.getByLabel('Password').fill(s.user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeVisible();
  // The next time step: the enrolment spent the current one, and a code is never accepted twice.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Allow Shop web?' })).toBeVisible();
  const landed = await landingOf(page, () => page.getByRole('button', { name: 'Allow' }).click());
  expect(landed.searchParams.get('code')).toBeTruthy();
});
