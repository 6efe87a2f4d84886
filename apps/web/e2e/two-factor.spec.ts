import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, rowAction, signIn } from './helpers';

/** Two-factor sign-in: enrolment on the security page, then signing in with a code computed here. */

async function newUser(request: APIRequestContext) {
  const admin = (await (await request.post('/api/oauth2-server/login', { data: ADMIN })).json()).result.token;
  const user = {
    username: `tfa-${randomBytes(4).toString('hex')}`,
    password: `Pw-${randomBytes(12).toString('hex')}`,
  };
  const res = await request.post('/api/admin-service/v2/user', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { ...user, name: user.username, email: `${user.username}@e2e.test`, mustChangePassword: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

test('a user turns on two-factor sign-in with a QR code and signs in with a code after the password', async ({
  page,
  request,
}) => {
  const user = await newUser(request);
  await signIn(page, request, user);
  await page.goto('/account-setting/security');
  await expect(page.getByText('Two-factor sign-in', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused on its field.
  await page.getByLabel('Code', { exact: true }).fill('000000' === codeFor(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByText(/code is not valid/)).toBeVisible();

  await page.getByLabel('Code', { exact: true }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await expect(page.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/Recovery codes left: 10/)).toBeVisible();

  // Sign out, then sign in: the password alone asks for the code.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByText('Enter the code from your authenticator app, or one of your recovery codes.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  // The confirmation used this step's code, so the next step's code (still inside the window) signs in.
  await page.getByLabel('Code or recovery code').fill(codeFor(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Code or recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account-setting/security');
  await expect(page.getByText(/Recovery codes left: 9/)).toBeVisible();
});

test('an administrator resets a user’s two-factor sign-in from the user list, after a confirmation', async ({
  page,
  request,
}) => {
  const user = await newUser(request);
  const token = (await (await request.post('/api/oauth2-server/login', { data: user })).json()).result.token;
  const headers = { Authorization: `Bearer ${token}` };
  const { secret } = await (
    await request.post('/api/oauth2-server/two-factor/enrolment', { headers })
  ).json();
  const confirm = await request.post('/api/oauth2-server/two-factor/enrolment/confirm', {
    headers,
    data: { code: codeFor(secret) },
  });
  expect(confirm.status()).toBe(200);

  await signIn(page, request);
  await page.goto('/admin-setting/manage-user');
  await rowAction(page, user.username, 'Reset two-factor');
  await expect(
    page.locator('.ant-modal-confirm-title', { hasText: `Reset two-factor sign-in for ${user.username}?` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in reset')).toBeVisible();
  // The reset ends the user's sessions (a lost phone may be a stolen one)...
  expect((await request.get('/api/oauth2-server/two-factor', { headers })).status()).toBe(401);
  // ...and the password alone signs them in again, with two-factor sign-in off.
  const again = await (await request.post('/api/oauth2-server/login', { data: user })).json();
  expect(again.code).toBe(0);
  const status = await (
    await request.get('/api/oauth2-server/two-factor', {
      headers: { Authorization: `Bearer ${again.result.token}` },
    })
  ).json();
  expect(status.enabled).toBe(false);
});
