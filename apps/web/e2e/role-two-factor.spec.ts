import { randomBytes } from 'node:crypto';
import { STORAGE_KEYS, STORAGE_PREFIX } from '@gatehouse/contract';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, rowAction, signIn, tableRows } from './helpers';

/** A role that requires two-factor sign-in: its holder sets it up at the next sign-in, then goes on. */

const V2 = '/api/admin-service/v2';
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

test('a user whose role requires two-factor sign-in is made to set it up, then reaches the console', async ({
  page,
  request,
}) => {
  const admin = (await (await request.post('/api/oauth2-server/login', { data: ADMIN })).json()).result.token;
  const auth = { Authorization: `Bearer ${admin}` };
  const suffix = randomBytes(4).toString('hex');
  const role = await request.post(`${V2}/role`, {
    headers: auth,
    data: { name: `Strict ${suffix}`, code: `strict-${suffix}`, requireTwoFactor: true },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { roleId } = await role.json();
  const user = { username: `strict-${suffix}`, password: `Pw-${randomBytes(12).toString('hex')}` };
  const created = await request.post(`${V2}/user`, {
    headers: auth,
    data: { ...user, name: user.username, email: `${user.username}@e2e.test`, mustChangePassword: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { userId } = await created.json();
  const held = await request.put(`${V2}/user/${userId}/roles`, {
    headers: auth,
    data: { roleIds: [roleId] },
  });
  expect(held.status(), await held.text()).toBe(200);

  // The password step leads to the set-up, not the console.
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/two-factor-setup$/);
  await expect(page.getByText('Your role requires two-factor sign-in. Set it up to continue.')).toBeVisible();
  // The console is out of reach until then: the guard brings the user back.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/two-factor-setup$/);

  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code', { exact: true }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(
    page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The server agrees: the console's calls go through.
  const tokenKey = `${STORAGE_PREFIX}_${STORAGE_KEYS.accessToken}`.toUpperCase();
  const token = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { value?: string }).value,
    tokenKey,
  );
  const current = await request.get('/api/admin-service/user/current', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await current.json()).twoFactorEnrolmentRequired).toBe(false);

  // The next sign-in asks for the code after the password, as for anyone with it on.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Code or recovery code').fill(codeFor(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the Role screen shows which roles require two-factor sign-in, and its form sets it', async ({
  page,
  request,
}) => {
  const admin = (await (await request.post('/api/oauth2-server/login', { data: ADMIN })).json()).result.token;
  const auth = { Authorization: `Bearer ${admin}` };
  const suffix = randomBytes(4).toString('hex');
  const code = `r2fa-${suffix}`;
  const role = await request.post(`${V2}/role`, { headers: auth, data: { name: `Role ${suffix}`, code } });
  expect(role.status(), await role.text()).toBe(201);
  const { roleId } = await role.json();

  await signIn(page, request);
  await page.goto(`/admin-setting/manage-role?code=${code}`);
  const row = tableRows(page).filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row.getByText('Required')).toHaveCount(0);

  await rowAction(page, code, 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit role' });
  await dialog.getByRole('switch', { name: 'Require two-factor sign-in' }).click();
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(row.getByText('Required')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await request.get(`${V2}/role/${roleId}`, { headers: auth })).json()).requireTwoFactor,
    )
    .toBe(true);
});
