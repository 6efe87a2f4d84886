import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { DataAccess, Permission } from '@gatehouse/contract';
import { ADMIN } from './session';

/**
 * Seeding for the application, data-access and permission specs, through the API. Each test
 * makes its own application, so tests running in parallel on one server never share rows.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Signs the administrator in through the API and hands the session to the page's storage,
 * as a successful login would leave it: the screens under test start without the login form.
 */
export async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/oauth2-server/login', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  const { token, userInfo } = (await res.json()).result as { token: string; userInfo: unknown };
  await page.addInitScript(
    ([t, u]) => {
      if (!location.protocol.startsWith('http')) return;
      // Only on the first load: a later sign-out in the test must stay signed out.
      if (sessionStorage.getItem('e2e-session-set')) return;
      sessionStorage.setItem('e2e-session-set', '1');
      localStorage.setItem('GATEHOUSE_ACCESS-TOKEN', JSON.stringify({ value: t, expire: null }));
      localStorage.setItem('GATEHOUSE_CURRENT-USER', JSON.stringify({ value: u, expire: null }));
    },
    [token, userInfo] as const,
  );
  return token;
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
    expect(res.status(), await res.text()).toBe(200);
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
    expect(res.status(), await res.text()).toBe(200);
    out.push(await res.json());
  }
  return out;
}

/** The body rows of the screen's table. */
export function tableRows(page: Page): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row');
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
