import { APP_CONFIG_MESSAGES, formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createApp, createClient, createClients, signIn, tableRows } from './helpers';

// Each test walks several dialogs and reloads; on a busy two-core machine that can pass the
// default 30 s even though nothing waits on a fixed delay.
test.describe.configure({ timeout: 60_000 });

const rowOf = (page: Page, text: string) => tableRows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });
/** The Popconfirm that is open now. */
const confirmBox = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');

async function openClients(page: Page, appId: string, query = '') {
  await page.goto(`/app-config/client?appId=${appId}${query}`);
  await expect(page.getByTestId('current-application')).toContainText(appId);
}

/** antd draws its own option list; the role=option nodes it also renders are for screen readers only. */
async function pickOption(page: Page, label: string) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .click();
}

async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a new client: required name, URL check, then its secret once with copy buttons', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const { appId } = await createApp(request, await signIn(page, request));
  await openClients(page, appId);
  await expect(page.getByText('No clients yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New client' }).click();
  const form = dialog(page, 'New client');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form.getByText(formatMessage(MESSAGES.required))).toBeVisible();

  await form.getByLabel('Client name').fill('Billing portal');
  await form.getByLabel('Redirect URL').fill('not a url');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form.getByText('Enter a valid http(s) URL')).toBeVisible();
  await form.getByLabel('Redirect URL').fill('https://billing.example.com/callback');
  await form.getByRole('button', { name: 'OK', exact: true }).click();

  const created = dialog(page, formatMessage(MESSAGES.createdSuccessfully));
  await expect(created).toBeVisible();
  await expect(created).toContainText('shown only once');
  const value = (label: string) =>
    created
      .locator('tr')
      .filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
      .locator('td');
  await expect(value('Client name')).toHaveText('Billing portal');
  const secret = (await value('Secret').locator('code').textContent()) ?? '';
  const id = (await value('ID').locator('code').textContent()) ?? '';
  const client = (await value('Client').textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(20);
  expect(id).not.toBe('');
  expect(client).not.toBe('');

  await created.getByRole('button', { name: 'Copy secret' }).click();
  await expect(page.getByText(formatMessage(MESSAGES.copied))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await created.getByRole('button', { name: 'Copy ID' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(id);

  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  const row = rowOf(page, 'Billing portal');
  await expect(row).toContainText('ENABLED');
  await expect(row).toContainText(client);
  await expect(row).toContainText(id);
  await expect(row).toContainText('https://billing.example.com/callback');
  // The secret is never listed.
  await expect(page.getByText(secret)).toHaveCount(0);
});

test('detail is read-only and edit saves; empty cells show --', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClient(request, token, appId, { clientName: 'Mobile app' });
  await openClients(page, appId);

  const row = rowOf(page, 'Mobile app');
  // Redirect_url, before the Type column.
  await expect(row.locator('td').nth(-2)).toHaveText('--');
  await expect(row.locator('td').last()).toHaveText('Confidential');

  await rowAction(page, row, 'Detail');
  const detail = dialog(page, 'Client detail');
  await expect(detail.getByLabel('Client name')).toHaveValue('Mobile app');
  await expect(detail.getByLabel('Client name')).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'OK', exact: true })).toHaveCount(0);
  await detail.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  await rowAction(page, row, 'Edit');
  const edit = dialog(page, 'Edit client');
  await expect(edit.getByLabel('Client name')).toHaveValue('Mobile app');
  await edit.getByLabel('Client name').fill('');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit.getByText(formatMessage(MESSAGES.required))).toBeVisible();
  await edit.getByLabel('Client name').fill('Mobile app v2');
  await edit.getByLabel('Redirect URL').fill('http://localhost:3000/cb');
  // Enter submits the form, as in any form.
  await edit.getByLabel('Redirect URL').press('Enter');
  await expect(edit).toBeHidden();
  const saved = rowOf(page, 'Mobile app v2');
  await expect(saved).toContainText('http://localhost:3000/cb');
});

test('a back-channel logout URI: checked by the contract, saved with the sid choice', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClient(request, token, appId, { clientName: 'Shop' });
  await openClients(page, appId);

  const row = rowOf(page, 'Shop');
  await rowAction(page, row, 'Edit');
  const edit = dialog(page, 'Edit client');
  const uri = edit.getByLabel('Back-channel logout URI');
  await expect(uri).toHaveValue('');
  await expect(
    edit.getByLabel('Include the session ID (sid) in logout tokens and ID tokens'),
  ).not.toBeChecked();
  await uri.fill('https://shop.example.com/logout#x');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit.getByText('A back-channel logout URI must not contain a fragment (#).')).toBeVisible();
  await uri.fill('http://shop.example.com/logout');
  await expect(edit.getByText('Use https: http is allowed only for localhost')).toBeVisible();
  await uri.fill('https://shop.example.com/backchannel-logout');
  await edit.getByLabel('Include the session ID (sid) in logout tokens and ID tokens').check();
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  await rowAction(page, rowOf(page, 'Shop'), 'Detail');
  const detail = dialog(page, 'Client detail');
  await expect(detail.getByLabel('Back-channel logout URI')).toHaveValue(
    'https://shop.example.com/backchannel-logout',
  );
  await expect(detail.getByLabel('Back-channel logout URI')).toBeDisabled();
  await expect(
    detail.getByLabel('Include the session ID (sid) in logout tokens and ID tokens'),
  ).toBeChecked();
});

test('disable and enable ask first; Cancel keeps the status', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClient(request, token, appId, { clientName: 'Reporting' });
  await openClients(page, appId);
  const row = rowOf(page, 'Reporting');
  await expect(row.getByText('ENABLED', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(confirmBox(page)).toContainText('Disable this client?');
  await confirmBox(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('ENABLED', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Disable' }).click();
  await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.changedSuccessfully))).toBeVisible();
  await expect(row.getByText('DISABLED', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(confirmBox(page)).toContainText('Enable this client?');
  await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
  await expect(row.getByText('ENABLED', { exact: true })).toBeVisible();
});

test('search by keyword and advanced status, then reset', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClient(request, token, appId, { clientName: 'Alpha' });
  await createClient(request, token, appId, { clientName: 'Beta', status: 'DISABLED' });
  await createClient(request, token, appId, { clientName: 'Gamma' });
  await openClients(page, appId);
  await expect(tableRows(page)).toHaveCount(3);

  await page.getByLabel('Search All').fill('bet');
  await page.getByLabel('Search All').press('Enter');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page)).toContainText('Beta');
  await expect(page).toHaveURL(/keyword=bet/);

  await page.getByRole('button', { name: /Advanced Search/ }).click();
  const advanced = page.getByRole('region', { name: 'Advanced Search' });
  await advanced.getByRole('button', { name: 'Reset' }).click();
  await expect(tableRows(page)).toHaveCount(3);

  await advanced.getByLabel('Status').click();
  await pickOption(page, 'ENABLED');
  await page.keyboard.press('Escape');
  await advanced.getByRole('button', { name: 'Search' }).click();
  await expect(tableRows(page)).toHaveCount(2);
  await expect(page.getByText('Beta')).toHaveCount(0);

  await advanced.getByLabel('Name').fill('gam');
  await advanced.getByRole('button', { name: 'Search' }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page)).toContainText('Gamma');

  await advanced.getByRole('button', { name: 'Reset' }).click();
  await expect(tableRows(page)).toHaveCount(3);
  await expect(page).not.toHaveURL(/status|clientName|keyword/);
});

test('paging: page 3, page size and a reload keep their place in the URL', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClients(request, token, appId, 25, 'Paged');
  await openClients(page, appId);
  await expect(page.getByText('Total 25')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(10);

  await page.getByRole('listitem', { name: '3' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(tableRows(page)).toHaveCount(5);
  // Newest first: the first five made are on the last page.
  await expect(tableRows(page).first()).toContainText('Paged 05');

  await page.reload();
  await expect(tableRows(page)).toHaveCount(5);
  await expect(page.getByRole('listitem', { name: '3' }).getByRole('button')).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByLabel('Page size').click();
  await pickOption(page, '20 / page');
  await expect(page).toHaveURL(/size=20/);
  await expect(page).toHaveURL(/page=1/);
  await expect(tableRows(page)).toHaveCount(20);
  await page.reload();
  await expect(tableRows(page)).toHaveCount(20);
  await expect(page).toHaveURL(new RegExp(`appId=${appId}`));
});

test('without an application the screen asks for one and lists nothing', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/app-config/client');
  await expect(page.getByText('Choose an application')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New client' })).toHaveCount(0);
});

/**
 * Picks a row action and waits for the dialog it opens. A click that lands while the list
 * re-renders under the open menu is lost now and then, so the menu is opened again.
 */
async function openFromRowMenu(page: Page, row: Locator, action: string, opened: Locator) {
  await expect(row).toBeVisible();
  await expect(async () => {
    await page.keyboard.press('Escape');
    await rowAction(page, row, action);
    await expect(opened).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test('Rotate secret asks first, shows the new secret once, and Secrets lists both with their times', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const client = await createClient(request, token, appId, { clientName: 'Rotating' });
  await openClients(page, appId);

  const ask = dialog(page, 'Rotate the secret of Rotating?');
  await openFromRowMenu(page, rowOf(page, 'Rotating'), 'Rotate secret', ask);
  await ask.getByRole('button', { name: 'Rotate secret' }).click();

  const shown = dialog(page, 'Secret rotated');
  await expect(shown).toContainText('shown only once');
  const secretRow = shown.locator('tr').filter({ hasText: 'Secret' });
  const secret = (await secretRow.locator('code').innerText()).trim();
  expect(secret).not.toBe(client.secret);
  expect(secret.length).toBeGreaterThan(20);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  // The new secret works at the token endpoint, and its use shows in the list.
  const basic = Buffer.from(`${encodeURIComponent(client.client)}:${encodeURIComponent(secret)}`).toString(
    'base64',
  );
  const issued = await request.post('/oidc/token', {
    headers: { Authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(issued.status(), await issued.text()).toBe(200);

  const list = dialog(page, 'Secrets of Rotating');
  await openFromRowMenu(page, rowOf(page, 'Rotating'), 'Secrets', list);
  const secretRows = tableRows(list);
  await expect(secretRows).toHaveCount(2);
  await expect(list.getByRole('columnheader', { name: 'Last used' })).toBeVisible();
  // One secret has been used (the new one), the other never.
  await expect(
    secretRows.filter({ hasText: /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}.*\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/ }),
  ).toHaveCount(1);
});

test('a public client: needs a redirect URL, is created without a secret, and offers no secret actions', async ({
  page,
  request,
}) => {
  const { appId } = await createApp(request, await signIn(page, request));
  await openClients(page, appId);
  await page.getByRole('button', { name: 'New client' }).click();
  const form = dialog(page, 'New client');
  await form.getByLabel('Client name').fill('Single-page app');
  await form.getByLabel('Client type').click();
  await pickOption(page, 'Public (PKCE)');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form.getByText('A public client needs a redirect URL')).toBeVisible();
  await form.getByLabel('Redirect URL').fill('https://spa.example.com/callback');
  await form.getByRole('button', { name: 'OK', exact: true }).click();

  const created = dialog(page, formatMessage(MESSAGES.createdSuccessfully));
  await expect(created).toContainText('PKCE');
  await expect(created.getByRole('button', { name: 'Copy secret' })).toHaveCount(0);
  await created.getByRole('button', { name: 'Done' }).click();

  const row = rowOf(page, 'Single-page app');
  await expect(row).toContainText('Public (PKCE)');
  await row.getByRole('button', { name: 'Action' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Rotate secret' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Secrets' })).toHaveCount(0);
});

test('web origins: each is checked by the contract, saved as a list, shown in the detail, and edited', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const client = await createClient(request, token, appId, {
    clientName: 'Shop web',
    clientType: 'PUBLIC',
    redirectUrl: 'https://shop.example.com/cb',
  });
  await openClients(page, appId);
  await rowAction(page, rowOf(page, 'Shop web'), 'Edit');
  const edit = dialog(page, 'Edit client');
  const origins = edit.getByLabel('Web origins');
  await origins.fill('https://shop.example.com/cb');
  await origins.press('Enter');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit.getByText(formatMessage(APP_CONFIG_MESSAGES.webOriginFormat))).toBeVisible();
  await edit.locator('.ant-select-selection-item-remove').click();
  await origins.fill('https://www.shop.example.com');
  await origins.press('Enter');
  await origins.fill('http://localhost:5173');
  await origins.press('Enter');
  await expect(edit.getByText(formatMessage(APP_CONFIG_MESSAGES.webOriginFormat))).toHaveCount(0);
  const saved = page.waitForResponse(
    (res) =>
      res.url().endsWith('/api/admin-service/v2/application/client') && res.request().method() === 'PUT',
  );
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  expect((await saved).request().postDataJSON()).toMatchObject({
    acId: client.acId,
    webOrigins: ['https://www.shop.example.com', 'http://localhost:5173'],
  });
  await expect(edit).toBeHidden();

  await rowAction(page, rowOf(page, 'Shop web'), 'Detail');
  const detail = dialog(page, 'Client detail');
  await expect(detail.getByText('https://www.shop.example.com')).toBeVisible();
  await expect(detail.getByText('http://localhost:5173')).toBeVisible();
});

test('Rotate secret with an expiry: the new secret lists its expiry date', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClient(request, token, appId, { clientName: 'Expiring' });
  await openClients(page, appId);

  const ask = dialog(page, 'Rotate the secret of Expiring?');
  await openFromRowMenu(page, rowOf(page, 'Expiring'), 'Rotate secret', ask);
  const picker = ask.getByLabel('Expires (optional)');
  await picker.click();
  await picker.fill('2031-05-06 07:08:09');
  await picker.press('Enter');
  await ask.getByRole('button', { name: 'Rotate secret' }).click();
  const shown = dialog(page, 'Secret rotated');
  await shown.getByRole('button', { name: 'Done' }).click();

  const list = dialog(page, 'Secrets of Expiring');
  await openFromRowMenu(page, rowOf(page, 'Expiring'), 'Secrets', list);
  await expect(tableRows(list).filter({ hasText: '2031/05/06' })).toHaveCount(1);
});
