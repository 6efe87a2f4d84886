import { CATALOG_MESSAGES, formatMessage, MESSAGES, type Product } from '@gatehouse/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createApp, createClient, signIn, tableRows, uniqueAppId } from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function createProduct(request: APIRequestContext, token: string, name: string): Promise<Product> {
  const res = await request.post('/api/admin-service/v2/product', {
    headers: auth(token),
    data: { name, code: uniqueAppId('prod') },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function putInProduct(request: APIRequestContext, token: string, appId: string, productId: string) {
  const res = await request.put('/api/admin-service/v2/application', {
    headers: auth(token),
    data: { applicationId: appId, productId },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the product list searched by code, which is unique (list state lives in the URL), and answers its one row. */
async function openByCode(page: Page, code: string) {
  await page.goto(`/admin-setting/product?${new URLSearchParams({ keyword: code })}`);
  await expect(tableRows(page)).toHaveCount(1);
  return tableRows(page).first();
}

/** Answers the Disable or Enable prompt of `row`. */
async function toggle(page: Page, row: Locator, action: 'Disable' | 'Enable') {
  await row.getByRole('button', { name: action }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK', exact: true }).click();
}

test('create a product', async ({ page, request }) => {
  await signIn(page, request);
  const code = uniqueAppId('prod');
  await page.goto('/admin-setting/product');
  await expect(page).toHaveTitle('Product - Gatehouse');

  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog.getByText(formatMessage(MESSAGES.required))).toHaveCount(2);
  await dialog.getByLabel('Name').fill('Billing suite');
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Owner').fill('Finance team');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = await openByCode(page, code);
  await expect(row).toContainText('Billing suite');
  await expect(row).toContainText('Finance team');
  await expect(row).toContainText('ENABLED');
});

test('edit a product', async ({ page, request }) => {
  const token = await signIn(page, request);
  const product = await createProduct(request, token, 'Billing suite');
  const row = await openByCode(page, product.code);
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await expect(edit.getByLabel('Name')).toHaveValue('Billing suite');
  await edit.getByLabel('Name').fill('Billing and invoices');
  await edit.getByLabel('Owner').fill('Finance team');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.savedSuccessfully))).toBeVisible();
  await expect(row).toContainText('Billing and invoices');
  await expect(row).toContainText('Finance team');
});

test('disable and enable a product no application uses', async ({ page, request }) => {
  const token = await signIn(page, request);
  const product = await createProduct(request, token, 'Spare');
  const row = await openByCode(page, product.code);
  await toggle(page, row, 'Disable');
  await expect(row).toContainText('DISABLED');
  await toggle(page, row, 'Enable');
  await expect(row).toContainText('ENABLED');
});

test('a product its applications use is not disabled', async ({ page, request }) => {
  const token = await signIn(page, request);
  const product = await createProduct(request, token, 'Shop');
  const { appId } = await createApp(request, token);
  await putInProduct(request, token, appId, product.productId);

  const row = await openByCode(page, product.code);
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await toggle(page, row, 'Disable');
  await expect(
    page.getByText(formatMessage(CATALOG_MESSAGES.usedBy(1, 'application', [appId]))),
  ).toBeVisible();
  await expect(row).toContainText('ENABLED');
});

test('the detail lists the applications with their clients, and links to configure them', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const product = await createProduct(request, token, 'Market');
  const { appId } = await createApp(request, token, { name: 'Storefront' });
  await putInProduct(request, token, appId, product.productId);
  await createClient(request, token, appId, { clientName: 'Storefront web' });

  const row = await openByCode(page, product.code);
  await row.getByRole('link', { name: 'Product detail: Market' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-setting/detail\\?productId=${product.productId}$`));
  await expect(page).toHaveTitle('Product Detail - Gatehouse');
  await expect(page.getByRole('cell', { name: product.code })).toBeVisible();
  const app = page.getByRole('region', { name: 'Storefront' });
  await expect(app).toContainText(appId);
  await expect(app.getByRole('row', { name: /Storefront web/ })).toBeVisible();

  await app.getByRole('link', { name: 'Configure Clients of Storefront' }).click();
  await expect(page).toHaveURL(new RegExp(`/app-config/client\\?appId=${appId}$`));
  await expect(tableRows(page).filter({ hasText: 'Storefront web' })).toHaveCount(1);
});

test('an application joins a product from its edit form', async ({ page, request }) => {
  const token = await signIn(page, request);
  const product = await createProduct(request, token, `Suite ${uniqueAppId('s')}`);
  const { appId } = await createApp(request, token, { name: 'Ledger' });
  await page.goto(`/admin-setting/application?${new URLSearchParams({ applicationId: appId })}`);
  await expect(tableRows(page)).toHaveCount(1);
  const row = tableRows(page).first();
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit application' });
  await expect(dialog.getByLabel('Application ID')).toBeDisabled();
  await dialog.getByLabel('Product').fill(product.code);
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option`, { hasText: product.code })
    .click();
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.savedSuccessfully))).toBeVisible();

  await row.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-setting/detail\\?productId=${product.productId}$`));
  await expect(page.getByRole('region', { name: 'Ledger' })).toContainText(appId);
});
