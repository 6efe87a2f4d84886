import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN } from './helpers';

/**
 * The password lifecycle in the browser: a reset through the link of a real email (the
 * server sends it over SMTP to e2e/mail-server.ts), the forced change of a generated
 * password at the first sign-in, and an overdue password an administrator expired.
 */

type Mail = { to: string[]; subject: string; text: string };

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/oauth2-server/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  return (await res.json()).result.token as string;
}

async function createUser(
  request: APIRequestContext,
  body: { username: string; email: string; password?: string; mustChangePassword?: boolean },
): Promise<{ userId: string; initialPassword?: string }> {
  const token = await adminToken(request);
  const res = await request.post('/api/admin-service/v2/user', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: body.username, ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The newest mail to `address` in the directory the SMTP server writes to. */
async function mailTo(address: string): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(dir)
          .sort()
          .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail);
        found = mails.filter((m) => m.to.includes(address)).at(-1);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function signInWith(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
}

const suffix = () => randomBytes(4).toString('hex');

test('a forgotten password is reset through the link of the email, once', async ({ page, request }) => {
  const username = `reset-${suffix()}`;
  const email = `${username}@e2e.test`;
  await createUser(request, { username, email, password: `Start-${suffix()}-pw`, mustChangePassword: false });

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await page.getByLabel('Username or email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const mail = await mailTo(email);
  expect(mail.subject).toBe('Reset your Gatehouse password');
  const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const path = new URL(link!).pathname + new URL(link!).search;

  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  // The policy is the server's: a common password comes back on the field.
  await fillNewPassword(page, 'password1234');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('This password is too common. Choose a less predictable one.')).toBeVisible();

  const chosen = `Reset-${suffix()}-chosen`;
  await fillNewPassword(page, chosen);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset. Sign in with the new password.')).toBeVisible();

  await signInWith(page, username, chosen);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(path);
  await fillNewPassword(page, `Again-${suffix()}-pw`);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used.');
});

test('a generated password must be replaced at the first sign-in', async ({ page, request }) => {
  const username = `initial-${suffix()}`;
  const created = await createUser(request, { username, email: `${username}@e2e.test` });
  expect(created.initialPassword).toBeDefined();

  await signInWith(page, username, created.initialPassword!);
  await expect(page).toHaveURL(/\/initial-password$/);
  await expect(page.getByText('You must set a new password before continuing.')).toBeVisible();
  // The console keeps the user here until the password changes.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/initial-password$/);

  const chosen = `Initial-${suffix()}-chosen`;
  await page.getByLabel('Current password').fill(created.initialPassword!);
  await fillNewPassword(page, chosen);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWith(page, username, chosen);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an expired password must be changed on /overdue before the console', async ({ page, request }) => {
  const username = `overdue-${suffix()}`;
  const password = `Overdue-${suffix()}-start`;
  const { userId } = await createUser(request, {
    username,
    email: `${username}@e2e.test`,
    password,
    mustChangePassword: false,
  });
  const token = await adminToken(request);
  const expired = await request.post(`/api/admin-service/v2/user/${userId}/password/expire`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(expired.status()).toBe(200);

  await signInWith(page, username, password);
  await expect(page).toHaveURL(/\/overdue$/);
  await expect(page.getByRole('heading', { name: 'Your password has expired' })).toBeVisible();
  await page.goto('/account-setting/security');
  await expect(page).toHaveURL(/\/overdue$/);

  await page.getByLabel('Current password').fill(password);
  // The current password again is refused before a round trip.
  await fillNewPassword(page, password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The new password must differ from the current one.')).toBeVisible();
  const chosen = `Overdue-${suffix()}-next`;
  await fillNewPassword(page, chosen);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWith(page, username, chosen);
  await expect(page).toHaveURL(/\/dashboard$/);
});
