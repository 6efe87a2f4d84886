import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, test } from '@playwright/test';
import {
  chooseOption,
  createApp,
  createClient,
  openAdvanced,
  seedDataAccesses,
  signIn,
  tableRows,
  uniqueAppId,
} from './helpers';

test('create an application, find it and open its configuration', async ({ page, request }) => {
  await signIn(page, request);
  const appId = uniqueAppId('ui');
  await page.goto('/admin-setting/application');
  await expect(page).toHaveTitle('Application - Gatehouse');
  // The built-in application is always there.
  await expect(tableRows(page).first()).toBeVisible();

  await page.getByRole('button', { name: 'New application' }).click();
  const dialog = page.getByRole('dialog', { name: 'New application' });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog.getByText(formatMessage(MESSAGES.required))).toHaveCount(2);
  await dialog.getByLabel('Application ID').fill(appId);
  await dialog.getByLabel('Name').fill('Billing portal');
  await dialog.getByLabel('Description').fill('Invoices and payments');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('combobox', { name: 'Search in' }).click();
  await chooseOption(page, 'Application ID');
  await page.getByRole('textbox', { name: 'Search Application ID' }).fill(appId);
  await page.getByRole('textbox', { name: 'Search Application ID' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`applicationId=${appId}`));
  await expect(tableRows(page)).toHaveCount(1);
  const row = tableRows(page).first();
  await expect(row).toContainText('Billing portal');
  await expect(row).toContainText('Invoices and payments');
  await expect(row).toContainText('ENABLED');
  await expect(row.getByRole('link', { name: 'Detail of Billing portal' })).toHaveAttribute(
    'href',
    `/admin-setting/application-detail?appId=${appId}`,
  );

  await row.getByRole('link', { name: 'Configure Billing portal' }).click();
  await expect(page).toHaveURL(new RegExp(`/app-config/client\\?appId=${appId}$`));
  await expect(page.getByTestId('current-application')).toContainText(`Billing portal (${appId})`);
});

test('a taken application ID shows the message on the field', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await page.goto('/admin-setting/application');
  await page.getByRole('button', { name: 'New application' }).click();
  const dialog = page.getByRole('dialog', { name: 'New application' });
  await dialog.getByLabel('Application ID').fill(appId);
  await dialog.getByLabel('Name').fill('Twice');
  await dialog.getByLabel('Name').press('Enter');
  await expect(dialog.locator('.ant-form-item-has-error')).toContainText(
    'This application ID is already used.',
  );
  await expect(dialog).toBeVisible();
});

test('advanced search by status and name, and reset', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId, name } = await createApp(request, token, { name: `Findable ${uniqueAppId('n')}` });
  await page.goto('/admin-setting/application');
  const advanced = await openAdvanced(page);
  await advanced.getByLabel('Name').fill(name);
  await advanced.getByRole('combobox', { name: 'Status' }).click();
  await chooseOption(page, 'ENABLED');
  await advanced.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status/);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText(appId);

  await advanced.getByRole('combobox', { name: 'Status' }).click();
  await chooseOption(page, 'DISABLED');
  await chooseOption(page, 'ENABLED');
  await advanced.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No application matches the search.')).toBeVisible();

  await advanced.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/status|name=/);
  await expect(tableRows(page).first()).toBeVisible();
});

test('the context bar switches application, keeping the screen and dropping page and search', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const first = await createApp(request, token);
  const second = await createApp(request, token);
  await seedDataAccesses(request, token, first.appId, 12);
  await seedDataAccesses(request, token, second.appId, 3, () => 'second-only');

  await page.goto(`/app-config/data-access?appId=${first.appId}&page=2&size=10&keyword=item`);
  await expect(tableRows(page)).toHaveCount(2);
  await expect(page.getByTestId('current-application')).toContainText(first.appId);

  const picker = page.getByRole('combobox', { name: 'Switch application' });
  await picker.click();
  await picker.fill(second.appId);
  await chooseOption(page, `${second.name} (${second.appId})`);
  await expect(page).toHaveURL(new RegExp(`/app-config/data-access\\?appId=${second.appId}$`));
  await expect(page.getByTestId('current-application')).toContainText(second.appId);
  await expect(tableRows(page)).toHaveCount(3);
  await expect(tableRows(page).first()).toContainText('second-only');

  // Back returns to the first application where the user left it.
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('current-application')).toContainText(first.appId);
  await expect(tableRows(page)).toHaveCount(2);
});

test('disabling an application says its clients stop getting tokens, and they do', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token, { name: 'Ledger' });
  const client = await createClient(request, token, appId, { clientName: 'Ledger server' });
  const basic = Buffer.from(
    `${encodeURIComponent(client.client)}:${encodeURIComponent(client.secret ?? '')}`,
  ).toString('base64');
  const tokenRequest = () =>
    request.post('/oidc/token', {
      headers: { Authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials' },
    });
  expect((await tokenRequest()).status()).toBe(200);

  await page.goto(`/admin-setting/application?${new URLSearchParams({ applicationId: appId })}`);
  const row = tableRows(page).filter({ hasText: appId });
  await row.getByRole('button', { name: 'Disable' }).click();
  const prompt = page.getByRole('tooltip');
  await expect(prompt).toContainText('Disable this application?');
  await expect(prompt).toContainText('Its clients stop getting tokens');
  await prompt.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.changedSuccessfully))).toBeVisible();
  await expect(row).toContainText('DISABLED');
  expect((await tokenRequest()).status()).toBe(401);

  await row.getByRole('button', { name: 'Enable' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK', exact: true }).click();
  await expect(row).toContainText('ENABLED');
  expect((await tokenRequest()).status()).toBe(200);
});
