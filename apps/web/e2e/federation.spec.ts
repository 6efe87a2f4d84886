import type { Page as ContractPage, IdentityProvider, Role } from '@gatehouse/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { startSamlIdp } from '../../server/test/federation/saml-idp';
import { DIRECTORY, startSlapd } from '../../server/test/federation/slapd';
import { startUpstreamOp } from '../../server/test/federation/upstream-op';
import { ADMIN, tableRows } from './helpers';

// An upstream started per test, and a sign-in through it: more than the default 30 s on a busy
// two-core machine.
test.describe.configure({ timeout: 90_000 });

const API = '/api/admin-service/v2';
const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/oauth2-server/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { token: string } }).result.token;
}

/** The built-in Administrator role, which each provider's rule gives its group's members. */
async function administratorRole(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get(`${API}/role`, {
    params: { keyword: 'Administrator', page: 0, size: 50 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const role = ((await res.json()) as ContractPage<Role>).content.find((r) => r.name === 'Administrator');
  expect(role, 'the Administrator role').toBeDefined();
  return role!.roleId;
}

async function createProvider(
  request: APIRequestContext,
  token: string,
  body: object,
): Promise<IdentityProvider> {
  const res = await request.post(`${API}/identity-providers`, {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as IdentityProvider;
}

async function deleteProvider(request: APIRequestContext, token: string, providerId: string) {
  await request.delete(`${API}/identity-providers/${providerId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

/** Every provider's common settings: users made at first sign-in, `gh-admins` → Administrator. */
const common = (name: string, roleId: string) => ({
  name,
  enabled: true,
  jitProvisioning: true,
  rules: [{ attribute: 'groups', value: 'gh-admins', target: 'role', targetId: roleId }],
});

/** Landed in the console as an Administrator: the dashboard, then a screen only that role opens. */
async function expectAdministrator(page: Page, username: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  const user = await page.evaluate(() => localStorage.getItem('GATEHOUSE_CURRENT-USER'));
  expect(user).toContain(username);
  await page.goto('/admin-setting/provider');
  await expect(page.getByRole('button', { name: 'New identity provider' })).toBeEnabled();
}

test('OIDC: a button on /login signs in through the upstream, and lands in the console with the mapped role', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const roleId = await administratorRole(request, token);
  const id = unique();
  // localhost, not 127.0.0.1: the upstream's cookies stay apart from Gatehouse's.
  const upstream = await startUpstreamOp({
    host: 'localhost',
    accounts: [
      {
        sub: `oidc-${id}`,
        preferred_username: `oidc-${id}`,
        name: 'Olga Upstream',
        email: `oidc-${id}@e2e.test`,
        groups: ['gh-admins'],
      },
    ],
  });
  const name = `OIDC ${id}`;
  const provider = await createProvider(request, token, {
    ...common(name, roleId),
    type: 'oidc',
    oidc: {
      issuer: upstream.issuer,
      clientId: `gatehouse-${id}`,
      clientSecret: 'upstream-secret',
      scopes: ['openid', 'profile', 'email', 'groups'],
      pkce: true,
    },
    attributes: { username: 'preferred_username' },
  });
  try {
    await upstream.addClient({
      clientId: `gatehouse-${id}`,
      clientSecret: 'upstream-secret',
      redirectUris: [provider.redirectUri!],
    });
    await page.goto('/login');
    await page.getByRole('link', { name: `Sign in with ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Upstream sign-in' })).toBeVisible();
    await page.getByLabel('Account').fill(`oidc-${id}`);
    await page.getByRole('button', { name: 'Sign in upstream' }).click();
    await expectAdministrator(page, `oidc-${id}`);
    // The identity it signed in with is the user's own, listed on Account › Security.
    await page.goto('/account-setting/security');
    await expect(tableRows(page).filter({ hasText: name })).toContainText(`oidc-${id}`);
  } finally {
    await deleteProvider(request, token, provider.providerId);
    await upstream.close();
  }
});

test('SAML 2.0: a button on /login signs in through the IdP, and lands in the console with the mapped role', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const roleId = await administratorRole(request, token);
  const id = unique();
  const idp = await startSamlIdp({
    users: {
      [id]: {
        nameId: `saml-${id}@e2e.test`,
        attributes: { uid: `saml-${id}`, email: `saml-${id}@e2e.test`, groups: ['gh-admins'] },
      },
    },
  });
  const name = `SAML ${id}`;
  const provider = await createProvider(request, token, {
    ...common(name, roleId),
    type: 'saml',
    saml: { metadataXml: idp.metadataXml, spEntityId: null, nameIdFormat: null },
  });
  try {
    idp.signInAs(id);
    await page.goto('/login');
    // The IdP answers at once for its account, and its page posts the response to the ACS.
    await page.getByRole('link', { name: `Sign in with ${name}` }).click();
    await expectAdministrator(page, `saml-${id}`);
  } finally {
    await deleteProvider(request, token, provider.providerId);
    await idp.close();
  }
});

test('LDAP: the password form signs a directory user in, who lands in the console with the mapped role', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const roleId = await administratorRole(request, token);
  const slapd = await startSlapd();
  const name = `LDAP ${unique()}`;
  const provider = await createProvider(request, token, {
    ...common(name, roleId),
    type: 'ldap',
    ldap: {
      url: slapd.url,
      startTls: false,
      tlsVerify: false,
      bindDn: DIRECTORY.serviceDn,
      bindPassword: DIRECTORY.servicePassword,
      userBase: DIRECTORY.userBase,
      userFilter: '(uid={username})',
      groupBase: DIRECTORY.groupBase,
      groupFilter: '(|(member={dn})(uniqueMember={dn}))',
      groupNameAttribute: 'cn',
    },
  });
  try {
    // LDAP has no button: the directory checks the password typed in Gatehouse's own form.
    await page.goto('/login');
    await expect(page.getByRole('link', { name: `Sign in with ${name}` })).toHaveCount(0);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill(DIRECTORY.passwordOf('alice'));
    await page
      .getByRole('button', { name: /sign in/i })
      .first()
      .click();
    await expectAdministrator(page, 'alice');
  } finally {
    await deleteProvider(request, token, provider.providerId);
    await slapd.stop();
  }
});
