import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN, signIn, tableRows } from './helpers';

/** The own account: the profile saved and shown again, and the own sessions ended from the security page. */

async function newUser(request: import('@playwright/test').APIRequestContext) {
  const admin = (await (await request.post('/api/oauth2-server/login', { data: ADMIN })).json()).result.token;
  const user = {
    username: `acct-${randomBytes(4).toString('hex')}`,
    password: `Pw-${randomBytes(12).toString('hex')}`,
  };
  const res = await request.post('/api/admin-service/v2/user', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { ...user, name: user.username, email: `${user.username}@e2e.test`, mustChangePassword: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

test('the profile is edited and saved; a bad email is refused on its field', async ({ page, request }) => {
  const user = await newUser(request);
  await signIn(page, request, user);
  await page.goto('/profile-page');
  await expect(page.getByLabel('Name')).toHaveValue(user.username);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@e2e.test');
  await page.getByLabel('Avatar URL').fill('https://img.e2e.test/grace.png');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Grace Hopper');
  await expect(page.getByLabel('Email')).toHaveValue('grace@e2e.test');
});

test('the security page lists the own sessions and ends another one, then this one', async ({
  page,
  request,
}) => {
  const user = await newUser(request);
  // A second session, from another "device".
  const other = await request.post('/api/oauth2-server/login', {
    data: user,
    headers: {
      'User-Agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1',
    },
  });
  const otherToken = (await other.json()).result.token as string;
  await signIn(page, request, user);
  await page.goto('/account-setting/security');
  const rows = tableRows(page);
  await expect(rows).toHaveCount(2);
  const phone = rows.filter({ hasText: 'Safari on iOS' });
  await phone.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(rows).toHaveCount(1);
  const ended = await request.get('/api/admin-service/user/current', {
    headers: { Authorization: `Bearer ${otherToken}` },
  });
  expect(ended.status()).toBe(401);

  const mine = rows.filter({ hasText: 'This device' });
  await mine.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Sign out this device? You will need to sign in again.')).toBeVisible();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
});
