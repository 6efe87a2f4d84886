import { formatMessage, HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import { expect, test } from '@playwright/test';
import { ADMIN, signInWithForm } from './helpers';

test('signing in through the form lands on the dashboard', async ({ page }) => {
  await signInWithForm(page);
  await expect(page).toHaveTitle('Home - Gatehouse');
  // The navigation comes from the server's authorization menus.
  await expect(page.getByRole('navigation').or(page.getByRole('menu')).first()).toContainText('App Client');
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('definitely-not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Incorrect username or password.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an empty login form shows the required messages inline', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('This item is required')).toHaveCount(2);
});

test('a 401 leads to the login page with isInterception=1 and its toast', async ({ page }) => {
  await signInWithForm(page);
  // Let the dashboard's own calls finish first: one still in flight when the session ends
  // would meet the 401 before the navigation below does, and clear the session early.
  await page.waitForLoadState('networkidle');
  // End the session on the server behind the console's back.
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('GATEHOUSE_ACCESS-TOKEN');
    return raw ? (JSON.parse(raw).value as string) : '';
  });
  expect(token).not.toBe('');
  // Leave the console first: a call it still made after the session ended would meet the 401
  // there, and the toast with it, before the navigation below.
  await page.goto('about:blank');
  const res = await page.request.post('/api/oauth2-server/logout', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  // Every toast the next page shows, as it shows it: on a slow CPU the page can take longer
  // to settle than a toast stays, so looking for it afterwards could miss one that was shown.
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { shownToasts: shown });
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('.ant-message-notice')) {
        const text = notice.textContent ?? '';
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // A slow CPU, so the router's first call (the menus) comes back 401 before React's first
  // render: the toast must not depend on a component having mounted.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto('/admin-setting/audit-log');
  await expect(page).toHaveURL(/\/login\?.*isInterception=1/);
  // Said twice: by the toast, and by the login page itself (which a reload keeps).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts))
    .toContain(formatMessage(HTTP_STATUS_MESSAGES[401]!));
  await expect(page.locator('.gh-notice').getByText(formatMessage(HTTP_STATUS_MESSAGES[401]!))).toBeVisible();
});

test('an unknown path ends on /error/404', async ({ page }) => {
  await signInWithForm(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/error\/404$/);
  await expect(page.getByText('404').first()).toBeVisible();
});

test('the redirects of the route table work', async ({ page }) => {
  await signInWithForm(page);
  const redirects: [string, RegExp][] = [
    ['/', /\/dashboard$/],
    ['/notification', /\/notification\/message$/],
    ['/admin-setting', /\/admin-setting\/product$/],
    ['/app-config', /\/app-config\/client/],
    ['/error', /\/error\/404$/],
  ];
  for (const [from, to] of redirects) {
    await page.goto(from);
    await expect(page, `${from} redirects`).toHaveURL(to);
  }
});

test('signed-out visitors are sent to the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('sign-out ends the session and returns to the login page', async ({ page }) => {
  await signInWithForm(page);
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('GATEHOUSE_ACCESS-TOKEN') ?? '{}').value,
  );
  await page
    .getByText('admin', { exact: false })
    .first()
    .click()
    .catch(() => undefined);
  // The console ends its own session first and then the server's: wait for the server's answer.
  const ended = page.waitForResponse(
    (response) => response.url().endsWith('/oauth2-server/logout') && response.request().method() === 'POST',
  );
  await page.getByText('Sign out').first().click();
  await expect(page).toHaveURL(/\/login/);
  expect((await ended).ok()).toBe(true);
  // The server no longer accepts the old token.
  const res = await page.request.get('/api/admin-service/user/current', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('/auth with the SSO login type goes to the SAML consumer path', async ({ page }) => {
  await page.goto('/auth?loginType=GatehouseSSO');
  await expect(page).toHaveURL(/\/saml2\/authenticate\/consumer/);
  // With no default SAML provider, a page says none is set up (issue 30).
  await expect(page.getByText(/No identity provider is set up for single sign-on/)).toBeVisible();
});

test('screens from later issues show their title and an honest empty state', async ({ page }) => {
  await signInWithForm(page);
  await page.goto('/admin-setting/am-bucket');
  await expect(page).toHaveTitle('Bucket - Gatehouse');
  await expect(page.getByText('This area is not available yet.')).toBeVisible();
});
