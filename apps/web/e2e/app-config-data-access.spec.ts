import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, test } from '@playwright/test';
import {
  chooseOption,
  createApp,
  openAdvanced,
  rowAction,
  seedDataAccesses,
  signIn,
  tableRows,
} from './helpers';

const screenOf = (appId: string, extra = '') => `/app-config/data-access?appId=${appId}${extra}`;

test('required messages, then a create', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId, name } = await createApp(request, token);
  await page.goto(screenOf(appId));
  await expect(page).toHaveTitle('App Data Accesss - Gatehouse');
  await expect(page.getByTestId('current-application')).toContainText(`${name} (${appId})`);
  await expect(page.getByText('No data accesses yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New data access' }).click();
  const dialog = page.getByRole('dialog', { name: 'New data access' });
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog.getByText(formatMessage(MESSAGES.required))).toHaveCount(3);

  await dialog.getByLabel('Category').fill('reports');
  await dialog.getByLabel('Name').fill('Sales report');
  await dialog.getByLabel('ID').fill('sales-report');
  // Enter submits, as in any form.
  await dialog.getByLabel('ID').press('Enter');
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('Sales report');
  await expect(tableRows(page).first()).toContainText('sales-report');
  await expect(tableRows(page).first()).toContainText('reports');
});

test('a row opens read-only in Detail and saves in Edit', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedDataAccesses(request, token, appId, 1);
  await page.goto(screenOf(appId));
  await expect(tableRows(page)).toHaveCount(1);

  await rowAction(page, 'Item 01', 'Detail');
  const detail = page.getByRole('dialog', { name: 'Data access detail' });
  await expect(detail.getByLabel('Name')).toHaveValue('Item 01');
  await expect(detail.getByLabel('Name')).toBeDisabled();
  await expect(detail.getByLabel('ID')).toBeDisabled();
  await expect(detail.getByLabel('Category')).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'OK', exact: true })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).last().click();
  await expect(detail).toBeHidden();

  await rowAction(page, 'Item 01', 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit data access' });
  await expect(edit.getByLabel('ID')).toHaveValue('item-01');
  await edit.getByLabel('Name').fill('Item 01 renamed');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.savedSuccessfully))).toBeVisible();
  await expect(tableRows(page).first()).toContainText('Item 01 renamed');
});

test('a duplicate id shows the message on the ID field', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedDataAccesses(request, token, appId, 1);
  await page.goto(screenOf(appId));
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'New data access' }).click();
  const dialog = page.getByRole('dialog', { name: 'New data access' });
  await dialog.getByLabel('Category').fill('other');
  await dialog.getByLabel('Name').fill('Copy');
  await dialog.getByLabel('ID').fill('item-01');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  // The message sits under the field, and the dialog stays open with what was typed.
  await expect(dialog.locator('.ant-form-item-has-error')).toContainText(formatMessage(MESSAGES.duplicateId));
  await expect(dialog.getByLabel('Name')).toHaveValue('Copy');
  await expect(tableRows(page)).toHaveCount(1);
});

test('general and advanced search, and reset', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedDataAccesses(request, token, appId, 6, (i) => (i % 2 === 0 ? 'even' : 'odd'));
  await page.goto(screenOf(appId));
  await expect(tableRows(page)).toHaveCount(6);

  // General search, "All": the keyword matches any field.
  await page.getByRole('textbox', { name: 'Search All' }).fill('item-03');
  await page.getByRole('textbox', { name: 'Search All' }).press('Enter');
  await expect(page).toHaveURL(/keyword=item-03/);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('Item 03');

  // General search on one field.
  await page.getByRole('combobox', { name: 'Search in' }).click();
  await chooseOption(page, 'Name');
  await page.getByRole('textbox', { name: 'Search Name' }).fill('Item 0');
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await expect(page).toHaveURL(/name=Item/);
  await expect(tableRows(page)).toHaveCount(6);

  // Advanced: category is a multi-select of the application's categories.
  const advanced = await openAdvanced(page);
  await advanced.getByRole('combobox', { name: 'Category' }).click();
  await chooseOption(page, 'even');
  await advanced.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/category=even/);
  await expect(tableRows(page)).toHaveCount(3);
  for (const text of await tableRows(page).allTextContents()) expect(text).toContain('even');

  await advanced.getByRole('button', { name: 'Reset' }).click();
  await expect(tableRows(page)).toHaveCount(6);
  await expect(page).not.toHaveURL(/category=|name=|keyword=/);
  await expect(page).toHaveURL(new RegExp(`appId=${appId}`));

  // A created-date range with no rows in it: the dates reach the server and the picker shows them.
  await page.goto(screenOf(appId, '&createdFrom=2000%2F01%2F01&createdTo=2000%2F01%2F02'));
  await expect(page.getByText('No data access matches the search.')).toBeVisible();
  await expect(page.getByPlaceholder('Created date from')).toHaveValue('2000/01/01');
});

test('paging keeps page and size in the URL across a reload', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedDataAccesses(request, token, appId, 25);
  await page.goto(screenOf(appId));
  await expect(page.getByText('Total 25')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(10);
  // Newest first.
  await expect(tableRows(page).first()).toContainText('Item 25');

  await page.getByRole('listitem', { name: '3' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(page).toHaveURL(/size=10/);
  await expect(tableRows(page)).toHaveCount(5);
  await expect(tableRows(page).first()).toContainText('Item 05');

  await page.reload();
  await expect(tableRows(page)).toHaveCount(5);
  await expect(tableRows(page).first()).toContainText('Item 05');

  await page.getByRole('combobox', { name: 'Page size' }).click();
  await chooseOption(page, '20 / page');
  await expect(page).toHaveURL(/size=20/);
  await expect(page).toHaveURL(/page=1/);
  await expect(tableRows(page)).toHaveCount(20);

  await page.getByRole('listitem', { name: '2' }).click();
  await expect(tableRows(page)).toHaveCount(5);
  await page.reload();
  await expect(page).toHaveURL(/page=2/);
  await expect(tableRows(page)).toHaveCount(5);
  await expect(tableRows(page).first()).toContainText('Item 05');
});

test('"Type to search" filters the rows of the page without a request', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedDataAccesses(request, token, appId, 12);
  await page.goto(screenOf(appId));
  await expect(tableRows(page)).toHaveCount(10);

  const listCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/data/accesses')) listCalls.push(r.url());
  });
  const filter = page.getByRole('searchbox', { name: 'Filter this page' });
  await filter.fill('item-0');
  await expect(tableRows(page)).toHaveCount(7);
  await filter.fill('ITEM 11');
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('Item 11');
  // Item 01 is on page 2: the filter only looks at the page on screen.
  await filter.fill('Item 01');
  await expect(page.getByText('No row on this page matches the filter.')).toBeVisible();
  await filter.fill('');
  await expect(tableRows(page)).toHaveCount(10);
  expect(listCalls).toEqual([]);
});

test('without appId the screen asks for an application and the picker opens one', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId, name } = await createApp(request, token);
  await seedDataAccesses(request, token, appId, 2);
  await page.goto('/app-config/data-access');
  await expect(page.getByText('Choose an application')).toBeVisible();
  await expect(page.getByRole('link', { name: /Application screen/ })).toBeVisible();

  const picker = page.getByRole('combobox', { name: 'Switch application' });
  await picker.click();
  await picker.fill(appId);
  await chooseOption(page, `${name} (${appId})`);
  await expect(page).toHaveURL(new RegExp(`/app-config/data-access\\?appId=${appId}$`));
  await expect(tableRows(page)).toHaveCount(2);

  await page.goto('/app-config/data-access?appId=no-such-app-here');
  await expect(page.getByText('The application "no-such-app-here" does not exist')).toBeVisible();
});

test("antd's component styles come from the built stylesheet, not made in the page", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await page.goto(screenOf(appId));
  await expect(page.getByText('No data accesses yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New data access' }).click();
  await expect(page.getByRole('dialog', { name: 'New data access' })).toBeVisible();

  await expect(page.locator('link[rel="stylesheet"][href^="/assets/antd-"]')).toHaveCount(1);
  // A component style is scoped by antd's hash class; only the theme's variables are made here.
  const made = await page.evaluate(() =>
    [...document.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .filter((css) => css.includes(':where(.css-'))
      .map((css) => css.slice(0, 100)),
  );
  expect(made).toEqual([]);
});
