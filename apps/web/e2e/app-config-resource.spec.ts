import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createApp, createResource, resourceChildren, signIn, tableRows } from './helpers';

// Each test walks several dialogs and reloads; on a busy two-core machine that can pass the
// default 30 s even though nothing waits on a fixed delay.
test.describe.configure({ timeout: 60_000 });

/** The row whose Name cell reads `name` exactly. */
const rowOf = (page: Page, name: string) =>
  tableRows(page).filter({ has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) });
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ hasText: title });
const confirmBox = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
/**
 * The cells of a row as text, in column order: Action, Status, Name, ID, Type, URL, Index;
 * the row's checkbox (the nodes take bulk actions) is left out.
 */
const cells = (row: Locator) => row.locator('td:not(.gh-table-select)');

async function openResources(page: Page, appId: string) {
  await page.goto(`/app-config/resource?appId=${appId}`);
  await expect(page.getByTestId('current-application')).toContainText(appId);
}

async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function pickOption(page: Page, label: string) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .click();
}

test('a new category: required fields, CATEGORY only, no URL, index 1 by default', async ({
  page,
  request,
}) => {
  const { appId } = await createApp(request, await signIn(page, request));
  await openResources(page, appId);
  await expect(page.getByText('No resources yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New category' }).click();
  const form = dialog(page, 'New category');
  await expect(form.getByLabel('Index')).toHaveValue('1');
  await expect(form.getByLabel('URL')).toHaveCount(0);
  await form.getByLabel('Type').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['CATEGORY']);
  await page.keyboard.press('Escape');

  await form.getByLabel('Index').fill('');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  // Name, ID and Index are empty; Type and Status have their defaults.
  await expect(form.getByText(formatMessage(MESSAGES.required))).toHaveCount(3);

  await form.getByLabel('Name').fill('Settings');
  await form.getByLabel('ID').fill('settings');
  await form.getByLabel('Index').fill('1');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form).toBeHidden();

  const row = rowOf(page, 'Settings');
  // Status, Name, ID, Type, URL (a single hyphen when empty) and Index: after the checkbox and Action.
  await expect(row.locator('td:nth-child(n+3)')).toHaveText([
    'ENABLED',
    'Settings',
    'settings',
    'CATEGORY',
    '-',
    '1',
  ]);
  // No children, so no expander.
  await expect(row.getByRole('button', { name: /Expand/ })).toHaveCount(0);
});

test('Add menu on a category, then Add element on the menu; each parent opens on its new child', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const category = await createResource(request, token, appId, {
    name: 'Catalog',
    id: 'catalog',
    type: 'CATEGORY',
  });
  await openResources(page, appId);

  await rowAction(page, rowOf(page, 'Catalog'), 'Add menu');
  const menuForm = dialog(page, 'Add menu under "Catalog"');
  await expect(menuForm.getByText('MENU', { exact: true })).toBeVisible();
  await menuForm.getByLabel('Name').fill('Products');
  await menuForm.getByLabel('ID').fill('products');
  await menuForm.getByLabel('URL').fill('/catalog/products');
  await menuForm.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(menuForm).toBeHidden();

  // The category opens on the new menu.
  const menuRow = rowOf(page, 'Products');
  await expect(cells(menuRow).nth(4)).toHaveText('MENU');
  await expect(cells(menuRow).nth(5)).toHaveText('/catalog/products');

  await rowAction(page, menuRow, 'Add element');
  const elementForm = dialog(page, 'Add element under "Products"');
  await elementForm.getByLabel('Name').fill('Export button');
  await elementForm.getByLabel('ID').fill('products:export');
  await elementForm.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(elementForm).toBeHidden();
  const elementRow = rowOf(page, 'Export button');
  await expect(cells(elementRow).nth(4)).toHaveText('ELEMENT');
  await expect(cells(elementRow).nth(5)).toHaveText('-');
  // An element offers neither Add menu nor Add element.
  await elementRow.getByRole('button', { name: 'Action' }).click();
  await expect(page.getByRole('menuitem', { name: 'Add menu' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Add element' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const [menu] = await resourceChildren(request, token, category.resourceId);
  expect(menu).toMatchObject({ name: 'Products', type: 'MENU', parentId: category.resourceId });
});

test('children load when their node is expanded, one level at a time', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const category = await createResource(request, token, appId, {
    name: 'Catalog',
    id: 'catalog',
    type: 'CATEGORY',
  });
  const menu = await createResource(request, token, appId, {
    name: 'Products',
    id: 'products',
    type: 'MENU',
    parentId: category.resourceId,
  });
  await createResource(request, token, appId, {
    name: 'Export button',
    id: 'products:export',
    type: 'ELEMENT',
    parentId: menu.resourceId,
  });
  await openResources(page, appId);
  await expect(tableRows(page)).toHaveCount(1);

  const childrenOfCategory = page.waitForRequest(`**/api/admin-service/resources/${category.resourceId}`);
  await page.getByRole('button', { name: 'Expand Catalog' }).click();
  await childrenOfCategory;
  await expect(rowOf(page, 'Products')).toBeVisible();
  await expect(rowOf(page, 'Export button')).toHaveCount(0);

  const childrenOfMenu = page.waitForRequest(`**/api/admin-service/resources/${menu.resourceId}`);
  // Keyboard: the expander is a button.
  await page.getByRole('button', { name: 'Expand Products' }).focus();
  await page.keyboard.press('Enter');
  await childrenOfMenu;
  await expect(rowOf(page, 'Export button')).toBeVisible();
  await expect(cells(rowOf(page, 'Export button')).nth(4)).toHaveText('ELEMENT');

  await page.getByRole('button', { name: 'Collapse Catalog' }).click();
  await expect(tableRows(page)).toHaveCount(1);
});

test('toggling a menu asks "… this menu ?"; Cancel keeps it', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const category = await createResource(request, token, appId, {
    name: 'Admin',
    id: 'admin',
    type: 'CATEGORY',
  });
  await createResource(request, token, appId, {
    name: 'Users',
    id: 'users',
    type: 'MENU',
    url: '/users',
    parentId: category.resourceId,
  });
  await openResources(page, appId);

  const categoryRow = rowOf(page, 'Admin');
  await categoryRow.getByRole('button', { name: 'Disable' }).click();
  await expect(confirmBox(page)).toContainText('Disable this category ?');
  await confirmBox(page).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Expand Admin' }).click();
  const menuRow = rowOf(page, 'Users');
  await menuRow.getByRole('button', { name: 'Disable' }).click();
  await expect(confirmBox(page)).toContainText('Disable this menu ?');
  await confirmBox(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(cells(menuRow).nth(1)).toHaveText('ENABLED');

  await menuRow.getByRole('button', { name: 'Disable' }).click();
  await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.changedSuccessfully))).toBeVisible();
  await expect(cells(menuRow).nth(1)).toHaveText('DISABLED');
  await expect(cells(categoryRow).nth(1)).toHaveText('ENABLED');

  await menuRow.getByRole('button', { name: 'Enable' }).click();
  await expect(confirmBox(page)).toContainText('Enable this menu ?');
  await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
  await expect(cells(menuRow).nth(1)).toHaveText('ENABLED');
  // The toggle sent the whole resource: the rest is unchanged.
  await expect(cells(menuRow).nth(5)).toHaveText('/users');
});

test('detail is read-only; edit shows a duplicate ID on the field, then saves', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createResource(request, token, appId, { name: 'First', id: 'first', type: 'CATEGORY' });
  await createResource(request, token, appId, { name: 'Second', id: 'second', type: 'CATEGORY', order: 2 });
  await openResources(page, appId);

  await rowAction(page, rowOf(page, 'First'), 'Detail');
  const detail = dialog(page, 'Resource detail');
  await expect(detail.getByLabel('Name')).toHaveValue('First');
  await expect(detail.getByLabel('Name')).toBeDisabled();
  await expect(detail.getByLabel('ID')).toBeDisabled();
  await expect(detail.getByRole('button', { name: 'OK', exact: true })).toHaveCount(0);
  // The dialog takes the focus when it opens, so Escape closes it.
  await expect(detail).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await rowAction(page, rowOf(page, 'Second'), 'Edit');
  const edit = dialog(page, 'Edit resource');
  await expect(edit.getByLabel('Index')).toHaveValue('2');
  await edit.getByLabel('ID').fill('first');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit.locator('.ant-form-item-explain-error')).toHaveText(formatMessage(MESSAGES.duplicateId));
  await edit.getByLabel('ID').fill('second-renamed');
  await edit.getByLabel('Name').fill('Second renamed');
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect(cells(rowOf(page, 'Second renamed')).nth(3)).toHaveText('second-renamed');
});

test('a search lists matches at any depth as a flat list; Reset returns to the tree', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const category = await createResource(request, token, appId, {
    name: 'Reports',
    id: 'reports',
    type: 'CATEGORY',
  });
  const menu = await createResource(request, token, appId, {
    name: 'Monthly',
    id: 'monthly',
    type: 'MENU',
    parentId: category.resourceId,
  });
  await createResource(request, token, appId, {
    name: 'Monthly export',
    id: 'monthly:export',
    type: 'ELEMENT',
    parentId: menu.resourceId,
  });
  await openResources(page, appId);
  await expect(tableRows(page)).toHaveCount(1);

  await page.getByLabel('Search All').fill('monthly');
  await page.getByLabel('Search All').press('Enter');
  await expect(tableRows(page)).toHaveCount(2);
  await expect(rowOf(page, 'Monthly')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Expand / })).toHaveCount(0);

  await page.getByRole('button', { name: /Advanced Search/ }).click();
  const advanced = page.getByRole('region', { name: 'Advanced Search' });
  await advanced.getByLabel('Type').click();
  await pickOption(page, 'ELEMENT');
  await page.keyboard.press('Escape');
  await advanced.getByRole('button', { name: 'Search' }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Monthly export')).toBeVisible();
  await expect(page).toHaveURL(/type/);

  await advanced.getByRole('button', { name: 'Reset' }).click();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(rowOf(page, 'Reports')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Expand Reports' })).toBeVisible();
});
