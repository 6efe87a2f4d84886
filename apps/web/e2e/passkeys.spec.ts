import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

/**
 * Passkeys with Chromium's virtual authenticator (CDP WebAuthn): registered on the security
 * page, then used to sign in on /login. WebAuthn wants a name, not an IP address, for the
 * relying party, so these pages are opened on localhost (GATEHOUSE_PASSKEY_ORIGIN).
 */
const LOCAL = `http://localhost:${process.env.E2E_PORT}`;

async function newUser(request: APIRequestContext) {
  const admin = (await (await request.post('/api/oauth2-server/login', { data: ADMIN })).json()).result.token;
  const user = {
    username: `pk-${randomBytes(4).toString('hex')}`,
    password: `Pw-${randomBytes(12).toString('hex')}`,
  };
  const res = await request.post('/api/admin-service/v2/user', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { ...user, name: user.username, email: `${user.username}@e2e.test`, mustChangePassword: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** A platform authenticator that keeps passkeys and verifies the user without asking. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a user registers a passkey on the security page, signs out, and signs in with it on /login', async ({
  page,
  request,
}) => {
  const user = await newUser(request);
  await signIn(page, request, user);
  await page.goto(`${LOCAL}/account-setting/security`);
  const authenticator = await virtualAuthenticator(page);

  const card = page.locator('.ant-card').filter({ hasText: 'Sign in with your fingerprint' });
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Name').fill('E2E laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(card.getByRole('row', { name: /E2E laptop/ })).toContainText('Never');
  // The authenticator holds a discoverable credential for this site.
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  // Renamed in place.
  await card
    .getByRole('row', { name: /E2E laptop/ })
    .getByRole('button', { name: 'Rename' })
    .click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Name').fill('Work laptop');
  await rename.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(card.getByRole('row', { name: /Work laptop/ })).toBeVisible();

  // Signed out, then in with the passkey alone: no username, no password.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${LOCAL}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The security page shows it used; removing it asks for the password.
  await page.goto(`${LOCAL}/account-setting/security`);
  const row = card.getByRole('row', { name: /Work laptop/ });
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove passkey "Work laptop"?' });
  await remove.getByLabel('Password').fill('not-the-password');
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(remove.getByText('The current password is incorrect', { exact: false })).toBeVisible();
  await remove.getByLabel('Password').fill(user.password);
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
});
