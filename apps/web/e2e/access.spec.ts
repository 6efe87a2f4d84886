import { randomBytes } from 'node:crypto';
import {
  type Action,
  formatMessage,
  HTTP_STATUS_MESSAGES,
  PLATFORM_APP_ID,
  permissionIdForPath,
} from '@gatehouse/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, createApp, createResource, platformResourceIds, signIn } from './helpers';

/**
 * Spec §4 and §6 as a user with a narrow role sees them: the navigation shows only the
 * granted menus, a granted screen disables what the role may not do, and a typed URL of a
 * screen outside the grant shows the 403 page without any of that screen's calls. The user
 * and the role are made through the identity API with the administrator's token.
 */

test.describe.configure({ timeout: 60_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiToken(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/oauth2-server/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.token as string;
}

/**
 * A user holding one new role, which grants `resources` (platform resource ids: categories,
 * menus and element codes) and `permissions` (area path → actions).
 */
async function createRestrictedUser(
  request: APIRequestContext,
  adminToken: string,
  grants: { resources: string[]; permissions: Record<string, Action[]> },
) {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const role = await request.post('/api/admin-service/v2/role', {
    headers: auth(adminToken),
    data: { name: `Access e2e ${suffix}`, code: `access-e2e-${suffix}` },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { roleId } = (await role.json()) as { roleId: string };

  const granted = await request.put(`/api/admin-service/v2/role/${roleId}/grants`, {
    headers: auth(adminToken),
    data: {
      permissions: Object.entries(grants.permissions).map(([path, actionEntitySet]) => ({
        applicationId: PLATFORM_APP_ID,
        permissionId: permissionIdForPath(path),
        actionEntitySet,
      })),
      resources: await platformResourceIds(request, adminToken, grants.resources),
    },
  });
  expect(granted.status(), await granted.text()).toBeLessThan(300);

  const credentials = { username: `access-${suffix}`, password: `Pw-${randomBytes(12).toString('hex')}` };
  const user = await request.post('/api/admin-service/v2/user', {
    headers: auth(adminToken),
    data: {
      ...credentials,
      name: `Access ${suffix}`,
      email: `access-${suffix}@example.com`,
      mustChangePassword: false,
    },
  });
  expect(user.status(), await user.text()).toBe(201);
  const { userId } = (await user.json()) as { userId: string };

  const roles = await request.put(`/api/admin-service/v2/user/${userId}/roles`, {
    headers: auth(adminToken),
    data: { roleIds: [roleId] },
  });
  expect(roles.status(), await roles.text()).toBeLessThan(300);
  return credentials;
}

/** The API calls the page makes from now on, by path. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return calls;
}

test('a narrow role: only its menus, its screen without create, and a 403 for a typed URL', async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request, ADMIN);
  const { appId } = await createApp(request, adminToken);
  const user = await createRestrictedUser(request, adminToken, {
    // Home and App Client with all of its buttons: what is missing below is the role's action.
    resources: ['home', 'dashboard', 'app-config', 'app-config.client', 'client:create', 'client:update'],
    permissions: { '/app-config/client': ['retrieve'] },
  });
  await signIn(page, request, user);

  await page.goto(`/app-config/client?appId=${appId}`);
  await expect(page.getByTestId('current-application')).toContainText(appId);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('menuitem', { name: /App Client/ })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: /Home/ }).first()).toBeVisible();
  for (const name of ['App Resource', 'App Permission', 'App Data Accesss', 'Application', 'Manage User']) {
    await expect(nav.getByText(name, { exact: true })).toHaveCount(0);
  }
  await expect(nav.getByText('Identity', { exact: true })).toHaveCount(0);

  // The menu has the New button's element, but the role may not create on this screen.
  const create = page.getByRole('button', { name: 'New client' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAttribute('title', 'No permission');
  await expect(page.getByText('No clients yet.')).toBeVisible();

  const calls = recordApiCalls(page);
  await page.goto(`/app-config/resource?appId=${appId}`);
  await expect(page.getByText(formatMessage(HTTP_STATUS_MESSAGES[403]!))).toBeVisible();
  // The page's own 403 (the tab bar names the screen 403 too).
  await expect(page.getByRole('main').getByText('403', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('403 - Gatehouse');
  await expect(page).toHaveURL(new RegExp(`/app-config/resource\\?appId=${appId}$`));
  expect(calls.filter((path) => path.includes('/resource'))).toEqual([]);

  await page.goto('/admin-setting/manage-user');
  await expect(page.getByText(formatMessage(HTTP_STATUS_MESSAGES[403]!))).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the administrator is granted every screen, with its create buttons', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await page.goto(`/app-config/resource?appId=${appId}`);
  await expect(page.getByRole('button', { name: 'New category' })).toBeEnabled();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['App Client', 'App Resource', 'App Permission', 'Application']) {
    await expect(nav.getByRole('menuitem', { name: new RegExp(name) }).first()).toBeVisible();
  }
});

test('a menu an administrator adds to the platform appears in the navigation', async ({ page, request }) => {
  const token = await signIn(page, request);
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const [system] = await platformResourceIds(request, token, ['system']);
  const menu = (name: string, id: string, url: string) =>
    createResource(request, token, PLATFORM_APP_ID, { name, id, type: 'MENU', url, parentId: system });
  await menu(`Sales ${suffix}`, `sales-${suffix}`, `/reports/sales-${suffix}`);
  await menu(`Status ${suffix}`, `status-${suffix}`, 'https://status.example.com/');
  // A script URL is refused on its field, so it never reaches the navigation.
  const trap = await request.post('/api/admin-service/resource', {
    headers: auth(token),
    data: {
      name: `Trap ${suffix}`,
      id: `trap-${suffix}`,
      type: 'MENU',
      url: 'javascript:alert(document.domain)',
      order: 1,
      status: 'ENABLED',
      parentId: system,
      applicationId: PLATFORM_APP_ID,
    },
  });
  expect(trap.status()).toBe(400);
  expect((await trap.json()).fields.map((f: { field: string }) => f.field)).toEqual(['url']);

  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const status = nav.getByRole('link', { name: `Status ${suffix}` });
  await expect(status).toHaveAttribute('href', 'https://status.example.com/');
  await expect(status).toHaveAttribute('target', '_blank');
  await expect(status).toHaveAttribute('rel', /noopener/);
  await expect(nav.getByText(`Trap ${suffix}`)).toHaveCount(0);

  await nav.getByRole('menuitem', { name: `Sales ${suffix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/sales-${suffix}$`));
  await expect(page.getByText('This area is not available yet.')).toBeVisible();
  // Kept screens of other tabs stay in the page, hidden: only the shown card counts.
  await expect(page.locator('.gh-panel-title:visible')).toHaveText(`Sales ${suffix}`);
  await expect(page).toHaveTitle(`Sales ${suffix} - Gatehouse`);
});
