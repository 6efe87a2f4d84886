import { expect, type Page, test } from '@playwright/test';
import { createApp, createResource, resourceChildren, signIn, tableRows } from './helpers';

test.describe.configure({ timeout: 60_000 });

const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ hasText: title });

test('the icons page lists the icons the console supports, searchable, and copies a name', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, request);
  await page.goto('/icons');
  await expect(page).toHaveTitle('Icons - Gatehouse');
  const search = page.getByRole('searchbox', { name: 'Search icons' });
  await expect(page.getByRole('button', { name: 'Copy ApiOutlined' })).toBeVisible();
  const all = await page.locator('.gh-icon-tile').count();
  expect(all).toBeGreaterThan(20);

  await search.fill('cloud');
  await expect(page.locator('.gh-icon-tile')).toHaveCount(2);
  await expect(page.getByRole('status')).toHaveText('2 icons');
  await page.getByRole('button', { name: 'Copy CloudServerOutlined' }).click();
  await expect(page.getByText('Link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('CloudServerOutlined');

  await search.fill('no-such-icon');
  await expect(page.getByText('No icon matches “no-such-icon”.')).toBeVisible();
});

test('the resource form’s icon field picks an icon from the same browser, and saves it', async ({
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
  await page.goto(`/app-config/resource?appId=${appId}`);
  const row = tableRows(page).filter({ hasText: 'Reports' });
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Add menu' }).click();

  const form = dialog(page, 'Add menu under "Reports"');
  await form.getByLabel('Name').fill('Sales');
  await form.getByLabel('ID').fill('sales');
  await form.getByLabel('URL').fill('/sales');
  await expect(form.getByLabel('Icon', { exact: true })).toHaveValue('');
  await form.getByRole('button', { name: 'Choose icon' }).click();

  const picker = dialog(page, 'Choose an icon');
  await picker.getByRole('searchbox', { name: 'Search icons' }).fill('partition');
  await picker.getByRole('button', { name: 'Choose PartitionOutlined' }).click();
  await expect(picker).toBeHidden();
  await expect(form.getByLabel('Icon', { exact: true })).toHaveValue('PartitionOutlined');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form).toBeHidden();

  await expect
    .poll(async () =>
      (await resourceChildren(request, token, category.resourceId)).map((r) => [r.id, r.icon]),
    )
    .toEqual([['sales', 'PartitionOutlined']]);

  // Edit shows it chosen, and Clear leaves the menu without one.
  const menuRow = tableRows(page).filter({ hasText: 'Sales' });
  await menuRow.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = dialog(page, /Edit resource/);
  await expect(edit.getByLabel('Icon', { exact: true })).toHaveValue('PartitionOutlined');
  await edit.getByRole('button', { name: 'Clear the icon' }).click();
  await edit.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(edit).toBeHidden();
  await expect
    .poll(async () => (await resourceChildren(request, token, category.resourceId)).map((r) => r.icon))
    .toEqual([null]);
});
