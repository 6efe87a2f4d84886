import { randomBytes } from 'node:crypto';
import {
  ADMIN_USERNAME,
  type ClientType,
  type CreatedClient,
  type DataAccess,
  type Permission,
  PLATFORM_APP_ID,
  type Resource,
  type ResourceType,
  SESSION_LIFETIME_SECONDS,
  STORAGE_KEYS,
  STORAGE_PREFIX,
  type Status,
} from '@gatehouse/contract';
import { addCatalogue } from '@gatehouse/contract/i18n';
import { EN } from '@gatehouse/contract/i18n/en-all';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

// The specs compare what the console shows with the contract's messages, every one of which the
// console has by the time it shows it: they render them all, as the server does.
addCatalogue('en', EN);

/**
 * The one helper module of the browser tests: signing in, and seeding through the API. Each
 * test makes its own application, so tests running in parallel on one server never share rows.
 */

export const ADMIN = { username: ADMIN_USERNAME, password: process.env.E2E_ADMIN_PASSWORD ?? '' };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Signs in through the API and hands the session to the page's storage as the login form
 * would leave it, so a test spends its time on its own screen (the form itself is covered by
 * `signInWithForm` in shell.spec). Returns the token for seeding.
 */
export async function signIn(page: Page, request: APIRequestContext, user = ADMIN): Promise<string> {
  const res = await request.post('/api/oauth2-server/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  const { token, userInfo } = (await res.json()).result as { token: string; userInfo: unknown };
  const expire = Date.now() + SESSION_LIFETIME_SECONDS * 1000;
  const key = (name: string) => `${STORAGE_PREFIX}_${name}`.toUpperCase();
  const entries: [string, string][] = [
    [key(STORAGE_KEYS.accessToken), JSON.stringify({ value: token, expire })],
    [key(STORAGE_KEYS.currentUser), JSON.stringify({ value: userInfo, expire })],
  ];
  await page.addInitScript((pairs) => {
    if (!location.protocol.startsWith('http')) return;
    // Only on the first load: a later sign-out in the test must stay signed out.
    if (sessionStorage.getItem('e2e-session-set')) return;
    sessionStorage.setItem('e2e-session-set', '1');
    for (const [k, v] of pairs) localStorage.setItem(k, v);
  }, entries);
  return token;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInWithForm(page: Page, user = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A unique application id, readable in a failure report. */
export function uniqueAppId(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** A fresh application with a unique id. */
export async function createApp(
  request: APIRequestContext,
  token: string,
  opts: { name?: string; applicationId?: string } = {},
): Promise<{ appId: string; name: string }> {
  const appId = opts.applicationId ?? uniqueAppId();
  const name = opts.name ?? `App ${appId}`;
  const res = await request.post('/api/admin-service/v2/application', {
    headers: auth(token),
    data: { applicationId: appId, name },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { appId, name };
}

const pad = (i: number) => String(i).padStart(2, '0');

/**
 * `n` data accesses named `Item 01` … with ids `item-01` …, created one after the other so
 * the list (newest first) shows the highest number first. `category(i)` defaults to `cat-a`.
 */
export async function seedDataAccesses(
  request: APIRequestContext,
  token: string,
  appId: string,
  n: number,
  category: (i: number) => string = () => 'cat-a',
): Promise<DataAccess[]> {
  const out: DataAccess[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await request.post('/api/admin-service/data/access', {
      headers: auth(token),
      data: { name: `Item ${pad(i)}`, id: `item-${pad(i)}`, category: category(i), applicationId: appId },
    });
    expect(res.status(), await res.text()).toBe(201);
    out.push(await res.json());
  }
  return out;
}

/** `n` permissions named `Perm 01` … with ids `perm-01` …, created one after the other. */
export async function seedPermissions(
  request: APIRequestContext,
  token: string,
  appId: string,
  n: number,
): Promise<Permission[]> {
  const out: Permission[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await request.post('/api/admin-service/permission/createPermission', {
      headers: auth(token),
      data: { name: `Perm ${pad(i)}`, id: `perm-${pad(i)}`, resourceType: 'API', applicationId: appId },
    });
    expect(res.status(), await res.text()).toBe(201);
    out.push(await res.json());
  }
  return out;
}

/** The body rows of the tables (the kit's DataTable) on the page or within a part of it. */
export function tableRows(scope: Page | Locator): Locator {
  return scope.locator('tr.gh-table-row');
}

/** Opens a row's Action menu and picks `action`. */
export async function rowAction(page: Page, rowText: string, action: string): Promise<void> {
  const row = tableRows(page).filter({ hasText: rowText });
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/**
 * Picks `label` in the open antd select popup. The visible item is the one to click: antd
 * also renders an invisible accessibility list with the same role and name.
 */
export async function chooseOption(page: Page, label: string): Promise<void> {
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/** Opens Advanced Search unless it is open already (it opens by itself for a filter it alone shows). */
export async function openAdvanced(page: Page): Promise<Locator> {
  const toggle = page.getByRole('button', { name: /Advanced Search/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const region = page.getByRole('region', { name: 'Advanced Search' });
  await expect(region).toBeVisible();
  return region;
}

export async function createClient(
  request: APIRequestContext,
  token: string,
  appId: string,
  body: {
    clientName: string;
    redirectUrl?: string | null;
    webOrigins?: string[];
    status?: Status;
    clientType?: ClientType;
  },
): Promise<CreatedClient> {
  const res = await request.post('/api/admin-service/v2/application/client', {
    headers: auth(token),
    data: { ...body, applicationId: appId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** `count` clients named `${prefix} 01`, `${prefix} 02`, …, created one after the other. */
export async function createClients(
  request: APIRequestContext,
  token: string,
  appId: string,
  count: number,
  prefix = 'Client',
): Promise<CreatedClient[]> {
  const out: CreatedClient[] = [];
  for (let i = 1; i <= count; i++) {
    out.push(
      await createClient(request, token, appId, { clientName: `${prefix} ${String(i).padStart(2, '0')}` }),
    );
  }
  return out;
}

export async function createResource(
  request: APIRequestContext,
  token: string,
  appId: string,
  body: {
    name: string;
    id: string;
    type: ResourceType;
    url?: string | null;
    order?: number;
    status?: Status;
    parentId?: string;
  },
): Promise<Resource> {
  const res = await request.post('/api/admin-service/resource', {
    headers: auth(token),
    data: { order: 1, status: 'ENABLED', ...body, applicationId: appId },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The children of a resource as the server has them, to check what the console saved. */
export async function resourceChildren(
  request: APIRequestContext,
  token: string,
  resourceId: string,
): Promise<Resource[]> {
  const res = await request.get(`/api/admin-service/resources/${resourceId}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The record keys of the platform resources (the console's own tree) with the given ids. */
export async function platformResourceIds(request: APIRequestContext, token: string, ids: string[]) {
  const byId = new Map<string, string>();
  const res = await request.get('/api/admin-service/resources', {
    headers: auth(token),
    params: { applicationId: PLATFORM_APP_ID, page: 0, size: 100 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const queue: Resource[] = (await res.json()).content;
  while (queue.length > 0) {
    const resource = queue.shift()!;
    byId.set(resource.id, resource.resourceId);
    if (resource.type === 'ELEMENT') continue;
    const children = await request.get(`/api/admin-service/resources/${resource.resourceId}`, {
      headers: auth(token),
    });
    expect(children.status(), await children.text()).toBe(200);
    queue.push(...((await children.json()) as Resource[]));
  }
  return ids.map((id) => {
    const resourceId = byId.get(id);
    expect(resourceId, `platform resource ${id}`).toBeDefined();
    return resourceId!;
  });
}
