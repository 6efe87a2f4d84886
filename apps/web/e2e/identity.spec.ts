import { randomBytes } from 'node:crypto';
import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { signIn, tableRows } from './helpers';

/**
 * The identity screens as an administrator uses them: a user made on Manage User gets a
 * password shown once and must replace it at the first sign-in; disabling a user asks first
 * and ends their sessions at once.
 */

test.describe.configure({ timeout: 60_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

async function createUser(request: APIRequestContext, token: string, password: string) {
  const username = uniqueName('e2e-user');
  const res = await request.post('/api/admin-service/v2/user', {
    headers: auth(token),
    data: {
      username,
      name: `User ${username}`,
      email: `${username}@example.test`,
      password,
      mustChangePassword: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

test('a new user gets a password shown once and must choose their own at the first sign-in', async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, request);
  await page.goto('/admin-setting/manage-user');
  await page.getByRole('button', { name: 'New user' }).click();

  const form = page.getByRole('dialog', { name: 'New user' });
  const username = uniqueName('e2e-new');
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Name', { exact: true }).fill('New Person');
  await form.getByLabel('Email').fill(`${username}@example.test`);
  await form.getByRole('button', { name: 'OK', exact: true }).click();

  const shown = page.getByRole('dialog', { name: formatMessage(MESSAGES.createdSuccessfully) });
  await expect(shown).toContainText(username);
  const password = (await shown.locator('.ant-descriptions-item-content').nth(1).innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await shown
    .getByRole('button', { name: /close|ok/i })
    .first()
    .click();
  await expect(tableRows(page).filter({ hasText: username })).toHaveCount(1);

  // A fresh browser: the new user signs in with the shown password and is sent to change it.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByLabel('Username').fill(username);
  await other.getByLabel('Password').fill(password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other).toHaveURL(/\/initial-password/);
  await context.close();
});

test('disabling a user asks first, and their session ends at once', async ({ page, request }) => {
  const adminToken = await signIn(page, request);
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const username = await createUser(request, adminToken, password);
  const login = await request.post('/api/oauth2-server/login', { data: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  const userToken = (await login.json()).result.token as string;
  const asUser = () => request.get('/api/admin-service/user/current', { headers: auth(userToken) });
  expect((await asUser()).status()).toBe(200);

  await page.goto(`/admin-setting/manage-user?username=${username}`);
  const row = tableRows(page).filter({ hasText: username });
  await expect(row).toHaveCount(1);
  // At the default 1280 px, the columns without a width keep their floor; the table scrolls sideways.
  for (const name of ['Name', 'Email', 'Phone'])
    expect(
      (await page.getByRole('columnheader', { name, exact: true }).boundingBox())!.width,
    ).toBeGreaterThanOrEqual(119);
  await row.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.locator('.ant-popconfirm');
  await expect(confirm).toContainText('Disable this user?');
  await confirm.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.changedSuccessfully))).toBeVisible();
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

  expect((await asUser()).status()).toBe(401);
});

test('the administrator cannot disable themselves', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/admin-setting/manage-user?username=admin');
  const row = tableRows(page).filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK', exact: true }).click();
  // The server refuses with its own message, and the row stays enabled.
  await expect(page.locator('.ant-message')).toContainText(/yourself|administrator/i);
  await expect(row.getByRole('button', { name: 'Disable' })).toBeVisible();
});
