import { type AppApi, formatMessage, type Page as ListPage, MESSAGES } from '@gatehouse/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  createApp,
  createClient,
  createResource,
  rowAction,
  seedPermissions,
  signIn,
  tableRows,
} from './helpers';

/** Application Detail (/admin-setting/application-detail): its catalogue tabs. */

const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A chosen value shown in a select: the single select's content, or a tag of a multiple one. */
const selected = (scope: Page | Locator, label: string) =>
  scope.locator(`.ant-select-content[title="${label}"], .ant-select-selection-item[title="${label}"]`);

/**
 * Picks `label` in a search picker: types `search`, waits for the server's answer and clicks
 * it. A click on an option still sliding in can be lost, so it tries until the field shows it.
 */
async function pick(page: Page, field: Locator, search: string, label: string) {
  const choice = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
  const chosen = selected(page, label);
  await expect(async () => {
    // A second click would take a tag of a multiple picker away again.
    if (await chosen.isVisible()) return;
    if (!(await choice.isVisible())) {
      await field.click();
      await field.fill(search);
    }
    await choice.click({ timeout: 2_000 });
    await expect(chosen).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // A multiple picker stays open over what follows it. Tab would not do: it picks the active option.
  await page.locator('.ant-modal-title:visible').last().click();
  await expect(choice).toBeHidden();
}

/** Chooses `type` in a plain select such as Subject type. */
async function choose(page: Page, field: Locator, type: string) {
  await expect(async () => {
    if (!(await option(page, type).isVisible())) await field.click();
    await option(page, type).click({ timeout: 2_000 });
    await expect(option(page, type)).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const res = await request.post(`/api/admin-service/v2/${path}`, { headers: auth(token), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('an object with fields is created in the Objects tab of Application Detail', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId, name } = await createApp(request, token);

  await page.goto(`/admin-setting/application-detail?appId=${appId}`);
  await expect(page.getByText(`${name} (${appId})`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Data accesses' })).toHaveAttribute(
    'href',
    `/app-config/data-access?appId=${appId}`,
  );
  await expect(page.getByText('No objects yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New object' }).click();
  const dialog = page.getByRole('dialog', { name: 'New object' });
  await dialog.getByLabel('Name').fill('Invoice');
  await dialog.getByLabel('Code').fill('invoice');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await dialog.getByLabel('Field name').nth(0).fill('amount');
  // A click on an option still sliding in can be lost: pick until the field shows it.
  const chosen = dialog.getByText('NUMBER', { exact: true });
  await expect(async () => {
    if (!(await option(page, 'NUMBER').isVisible())) await dialog.getByLabel('Type').nth(0).click();
    await option(page, 'NUMBER').click({ timeout: 2_000 });
    await expect(chosen.last()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole('switch').nth(0).click();
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await dialog.getByLabel('Field name').nth(1).fill('issued');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toContainText('Invoice');
  await expect(tableRows(page).first()).toContainText('amount: NUMBER*, issued: STRING');
});

test('an API is protected by a permission picked by name, then disabled', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const [permission] = await seedPermissions(request, token, appId, 2);

  await page.goto(`/admin-setting/application-detail?appId=${appId}&tab=apis`);
  await page.getByRole('button', { name: 'New API' }).click();
  const apiDialog = page.getByRole('dialog', { name: 'New API' });
  await apiDialog.getByLabel('Path').fill('/orders/{id}');
  await pick(page, apiDialog.getByLabel('Permissions'), 'Perm 01', 'Perm 01 (perm-01)');
  await apiDialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(apiDialog).toBeHidden();
  await expect(tableRows(page).first()).toContainText('/orders/{id}');

  // The server links the permission by its record key.
  const listed = await request.get(`/api/admin-service/v2/application/api?applicationId=${appId}`, {
    headers: auth(token),
  });
  const apis = (await listed.json()) as ListPage<AppApi>;
  expect(apis.content.map((a) => a.permissionIds)).toEqual([[permission!.resourceId]]);

  // Edit shows the linked permission by its name.
  await rowAction(page, '/orders/{id}', 'Edit');
  const editDialog = page.getByRole('dialog', { name: 'Edit API' });
  await expect(selected(editDialog, 'Perm 01 (perm-01)')).toBeVisible();
  await editDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(editDialog).toBeHidden();

  await tableRows(page).first().getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(tableRows(page).first()).toContainText('DISABLED');
});

test('a page gets an element shown to a role picked by name', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const role = await post<{ roleId: string }>(request, token, 'role', {
    name: `Exporters ${appId}`,
    code: `exporters-${appId}`,
  });
  const roleLabel = `Exporters ${appId} (exporters-${appId})`;

  await page.goto(`/admin-setting/application-detail?appId=${appId}&tab=pages`);
  await page.getByRole('button', { name: 'New page' }).click();
  const pageDialog = page.getByRole('dialog', { name: 'New page' });
  await pageDialog.getByLabel('Name').fill('Orders');
  await pageDialog.getByLabel('Route').fill('/orders');
  await pageDialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(pageDialog).toBeHidden();
  await rowAction(page, '/orders', 'Elements');
  const elements = page.getByRole('dialog', { name: 'Elements of Orders' });
  await elements.getByLabel('Code').fill('orders-export');
  await elements.getByLabel('Name').fill('Export');
  await pick(page, elements.getByLabel('Roles'), `Exporters ${appId}`, roleLabel);
  await elements.getByRole('button', { name: 'Add element' }).click();
  const row = elements.getByRole('row', { name: /orders-export/ });
  await expect(row).toContainText(roleLabel);
  await elements.getByRole('button', { name: 'Close' }).last().click();
  await expect(tableRows(page).first()).toContainText('orders-export');

  const pages = await request.get(`/api/admin-service/v2/application/pages?applicationId=${appId}`, {
    headers: auth(token),
  });
  const [saved] = (await pages.json()).content as { elements: { roleIds: string[] }[] }[];
  expect(saved!.elements.map((e) => e.roleIds)).toEqual([[role.roleId]]);
});

test('an access-control entry gives a group picked by name retrieve on a permission, and is disabled', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await seedPermissions(request, token, appId, 1);
  const { groupId } = await post<{ groupId: string }>(request, token, 'group', {
    name: `Auditors ${appId}`,
    code: `auditors-${appId}`,
  });

  await page.goto(`/admin-setting/application-detail?appId=${appId}&tab=acl`);
  await page.getByRole('button', { name: 'New entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New entry' });
  await choose(page, dialog.getByLabel('Subject type'), 'GROUP');
  await pick(
    page,
    dialog.getByLabel('Subject', { exact: true }),
    `Auditors ${appId}`,
    `Auditors ${appId} (auditors-${appId})`,
  );
  await pick(page, dialog.getByLabel('Target', { exact: true }), 'perm', 'Perm 01 (perm-01)');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(tableRows(page).first()).toContainText(groupId);
  await expect(tableRows(page).first()).toContainText('retrieve');
  await tableRows(page).first().getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(tableRows(page).first()).toContainText('DISABLED');
});

test("an entry's subject is cleared by a new type, and a client subject is named in the detail", async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const client = await createClient(request, token, appId, { clientName: `Batch ${appId}` });
  await createResource(request, token, appId, { name: 'Reports', id: 'reports', type: 'CATEGORY' });
  const clientLabel = `Batch ${appId} (${client.client})`;

  await page.goto(`/admin-setting/application-detail?appId=${appId}&tab=acl`);
  await page.getByRole('button', { name: 'New entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New entry' });
  const subject = dialog.getByLabel('Subject', { exact: true });
  await choose(page, dialog.getByLabel('Subject type'), 'CLIENT');
  await pick(page, subject, 'Batch', clientLabel);
  // A client's key names no user: a new type empties the subject.
  await choose(page, dialog.getByLabel('Subject type'), 'USER');
  await expect(selected(dialog, clientLabel)).toBeHidden();
  await choose(page, dialog.getByLabel('Subject type'), 'CLIENT');
  await pick(page, subject, 'Batch', clientLabel);
  await choose(page, dialog.getByLabel('Target type'), 'RESOURCE');
  await pick(page, dialog.getByLabel('Target', { exact: true }), 'Rep', 'Reports (reports)');
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(tableRows(page).first()).toContainText(client.acId);

  await rowAction(page, client.acId, 'Detail');
  const detail = page.getByRole('dialog', { name: 'Entry detail' });
  await expect(selected(detail, clientLabel)).toBeVisible();
});
