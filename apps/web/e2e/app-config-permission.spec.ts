import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, test } from '@playwright/test';
import {
  chooseOption,
  createApp,
  openAdvanced,
  rowAction,
  seedPermissions,
  signIn,
  tableRows,
} from './helpers';

const screenOf = (appId: string, extra = '') => `/app-config/permission?appId=${appId}${extra}`;

test('required messages, then a create', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await page.goto(screenOf(appId));
  await expect(page).toHaveTitle('App Permission - Gatehouse');
  await expect(page.getByText('No permissions yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New permission' }).click();
  const dialog = page.getByRole('dialog', { name: 'New permission' });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog.getByText(formatMessage(MESSAGES.required))).toHaveCount(3);

  await dialog.getByLabel('Name').fill('Read orders');
  await dialog.getByLabel('ID').fill('orders.read');
  await dialog.getByLabel('Type').click();
  await chooseOption(page, 'API');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('orders.read');
  await expect(tableRows(page).first()).toContainText('API');
});

test('a row opens read-only in Detail and saves in Edit', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedPermissions(request, token, appId, 1);
  await page.goto(screenOf(appId));
  await expect(tableRows(page)).toHaveCount(1);

  await rowAction(page, 'Perm 01', 'Detail');
  const detail = page.getByRole('dialog', { name: 'Permission detail' });
  await expect(detail.getByLabel('Name')).toHaveValue('Perm 01');
  await expect(detail.getByLabel('Name')).toBeDisabled();
  await expect(detail.getByLabel('ID')).toBeDisabled();
  await expect(detail.getByLabel('Type')).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'OK', exact: true })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).last().click();
  await expect(detail).toBeHidden();

  await rowAction(page, 'Perm 01', 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit permission' });
  await edit.getByLabel('Name').fill('Perm 01 renamed');
  await edit.getByLabel('Name').press('Enter');
  await expect(page.getByText(formatMessage(MESSAGES.savedSuccessfully))).toBeVisible();
  await expect(tableRows(page).first()).toContainText('Perm 01 renamed');
});

test('a duplicate id shows the message on the ID field', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedPermissions(request, token, appId, 2);
  await page.goto(screenOf(appId));
  await expect(tableRows(page)).toHaveCount(2);

  await rowAction(page, 'Perm 01', 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit permission' });
  await edit.getByLabel('ID').fill('perm-02');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit.locator('.ant-form-item-has-error')).toContainText(formatMessage(MESSAGES.duplicateId));
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(tableRows(page).filter({ hasText: 'perm-01' })).toHaveCount(1);
});

test('search by field, by type, and reset', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedPermissions(request, token, appId, 12);
  await page.goto(screenOf(appId));
  await expect(page.getByText('Total 12')).toBeVisible();

  await page.getByRole('combobox', { name: 'Search in' }).click();
  await chooseOption(page, 'ID');
  await page.getByRole('textbox', { name: 'Search ID' }).fill('perm-1');
  await page.getByRole('textbox', { name: 'Search ID' }).press('Enter');
  await expect(page).toHaveURL(/[?&]id=perm-1/);
  await expect(tableRows(page)).toHaveCount(3);

  const advanced = await openAdvanced(page);
  await advanced.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Total 12')).toBeVisible();
  await advanced.getByRole('combobox', { name: 'Type' }).click();
  await chooseOption(page, 'API');
  await advanced.getByLabel('Name').fill('Perm 0');
  await advanced.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/resourceType/);
  await expect(page.getByText('Total 9')).toBeVisible();
});

test('paging and the search stay in the URL across a reload', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedPermissions(request, token, appId, 12);
  await page.goto(screenOf(appId, '&name=Perm'));
  await expect(page.getByText('Total 12')).toBeVisible();
  // A one-field search from the URL shows in the general input with its field chosen.
  await expect(page.getByRole('textbox', { name: 'Search Name' })).toHaveValue('Perm');

  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(tableRows(page)).toHaveCount(2);
  await page.reload();
  await expect(tableRows(page)).toHaveCount(2);
  await expect(tableRows(page).last()).toContainText('Perm 01');
  await expect(page).toHaveURL(/name=Perm/);

  const filter = page.getByRole('searchbox', { name: 'Filter this page' });
  await filter.fill('nothing-like-this');
  await expect(page.getByText('No row on this page matches the filter.')).toBeVisible();
});
