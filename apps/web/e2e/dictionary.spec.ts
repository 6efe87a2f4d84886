import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, test } from '@playwright/test';
import { createApp, rowAction, signIn, tableRows } from './helpers';

test('an item added to data-access-category is offered by the data access form', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const suffix = Date.now().toString(36);
  const code = `e2e-${suffix}`;
  const label = `Audit trail ${suffix}`;

  await page.goto('/admin-setting/data-dict');
  await expect(page).toHaveTitle('Data Dictionary - Gatehouse');
  await rowAction(page, 'data-access-category', 'Items');
  const items = page.getByRole('dialog', { name: /Items of/ });
  await expect(items.getByRole('cell', { name: 'personal', exact: true })).toBeVisible();
  await items.getByRole('button', { name: 'New item' }).click();
  const form = page.getByRole('dialog', { name: 'New item' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Label (English)').fill(label);
  await form.getByLabel('Label (Chinese)').fill(`审计 ${suffix}`);
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(items.getByRole('cell', { name: code, exact: true })).toBeVisible();
  // The item's own History: its creation.
  await items
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('button', { name: 'History' })
    .click();
  const history = page.getByRole('dialog', { name: `History of ${code}` });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('create');
  await history.getByRole('button', { name: 'Close' }).click();
  await items.getByRole('button', { name: 'Close' }).last().click();

  await page.goto(`/app-config/data-access?appId=${appId}`);
  await page.getByRole('button', { name: 'New data access' }).click();
  const create = page.getByRole('dialog', { name: 'New data access' });
  await create.getByLabel('Name').fill('Audit');
  await create.getByLabel('ID').fill('audit');
  await create.getByLabel('Category').click();
  // The popup shows each item by its label in the console's language.
  await expect(page.getByTitle('Personal data', { exact: true })).toBeVisible();
  await page.getByTitle(label, { exact: true }).click();
  await expect(create.getByLabel('Category')).toHaveValue(code);
  await create.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(tableRows(page).filter({ hasText: 'audit' })).toContainText(code);
});

test('the Category takes a value outside the dictionary, which allows custom ones', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await page.goto(`/app-config/data-access?appId=${appId}`);
  await page.getByRole('button', { name: 'New data access' }).click();
  const create = page.getByRole('dialog', { name: 'New data access' });
  await create.getByLabel('Category').click();
  await expect(page.getByTitle('Personal data', { exact: true })).toBeVisible();
  await create.getByLabel('Name').fill('Scratch');
  await create.getByLabel('ID').fill('scratch');
  await create.getByLabel('Category').fill('my-own-category');
  await create.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(create).toBeHidden();
  await expect(tableRows(page).filter({ hasText: 'Scratch' })).toContainText('my-own-category');
});
