import { randomBytes } from 'node:crypto';
import { formatMessage, HTTP_STATUS_MESSAGES, MESSAGES } from '@gatehouse/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

/**
 * Issue 9 items 2 and 3: the inactivity lock, and sessions that end visibly (the reason on
 * the login page, the way back afterwards, sign-out across the tabs of a browser).
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const SETTINGS = '/api/admin-service/settings';

async function apiLogin(request: APIRequestContext, user = ADMIN): Promise<string> {
  const res = await request.post('/api/oauth2-server/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.token;
}

/** A user of its own, so wrong unlock passwords spend no one else's sign-in budget. */
async function createUser(request: APIRequestContext, token: string) {
  const username = `e2e-lock-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const res = await request.post('/api/admin-service/v2/user', {
    headers: auth(token),
    data: {
      username,
      name: `Lock ${username}`,
      email: `${username}@example.test`,
      password,
      mustChangePassword: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password };
}

async function setLockSeconds(request: APIRequestContext, token: string, lockSeconds: number) {
  const res = await request.put(SETTINGS, { headers: auth(token), data: { lockSeconds } });
  expect(res.status(), await res.text()).toBe(200);
}

test('the console locks after the configured time, keeps the work under it, survives a reload and unlocks with the password', async ({
  page,
  request,
}) => {
  // The lock's own timeout is the subject: it is waited out twice.
  test.setTimeout(60_000);
  const adminToken = await apiLogin(request);
  const user = await createUser(request, adminToken);
  const before = (await (await request.get(SETTINGS, { headers: auth(adminToken) })).json())
    .lockSeconds as number;
  await signIn(page, request, user);

  // The shortest timeout, only as long as it takes this page to read it: other tests share the server.
  await setLockSeconds(request, adminToken, 5);
  try {
    const read = page.waitForResponse((r) => r.url().endsWith(SETTINGS) && r.request().method() === 'GET');
    await page.goto('/account-setting/security');
    expect((await (await read).json()).lockSeconds).toBe(5);
  } finally {
    await setLockSeconds(request, adminToken, before);
  }

  const current = page.getByLabel('Current password');
  await current.fill('typed before the lock');
  const lock = page.getByRole('dialog', { name: 'The console is locked' });
  await expect(lock).toBeVisible({ timeout: 10_000 });
  await expect(current).toHaveValue('typed before the lock');

  await lock.getByLabel('Password').fill('not-the-password');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock.getByRole('alert')).toHaveText(formatMessage(MESSAGES.currentPasswordWrong));
  await expect(lock).toBeVisible();

  await lock.getByLabel('Password').fill(user.password);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toBeHidden();
  await expect(current).toHaveValue('typed before the lock');

  // Left alone again it locks again, and a reload does not get past it.
  await expect(lock).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(lock).toBeVisible();
  await lock.getByLabel('Password').fill(user.password);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toBeHidden();
  await expect(page.getByLabel('Current password')).toBeVisible();
});

test('a session ended on the server says so on the login page, and signing in again returns to the screen', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  await page.goto('/profile-page');
  await expect(page.getByRole('tab', { name: /Profile$/ })).toHaveAttribute('aria-selected', 'true');

  // The same session signs out through the API: the console's next call gets a 401.
  expect((await request.post('/api/oauth2-server/logout', { headers: auth(token) })).status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login\?isInterception=1&redirect=%2Fprofile-page$/);
  const reason = page.getByRole('status').filter({ hasText: formatMessage(HTTP_STATUS_MESSAGES[401]!) });
  await expect(reason).toBeVisible();
  await page.reload();
  await expect(reason).toBeVisible();

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile-page$/);
});

test('signing out in one browser tab signs out the others', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/dashboard');
  const other = await page.context().newPage();
  await other.goto('/profile-page');
  await expect(other.getByRole('navigation', { name: 'Open screens' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
