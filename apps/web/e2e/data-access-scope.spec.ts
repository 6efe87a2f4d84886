import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, type Page, test } from '@playwright/test';
import { createApp, rowAction, signIn, tableRows } from './helpers';

/**
 * Issue 10: a data access scopes to an object of its application and to one set of its
 * instances, chosen by search in the data access form; the object then cannot be deleted.
 */

const V2 = '/api/admin-service/v2';

async function pick(page: Page, field: ReturnType<Page['getByLabel']>, typed: string, label: string) {
  await field.click();
  await field.fill(typed);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

test('a data access is scoped to an object and one of its sets, which then cannot be deleted', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const headers = { Authorization: `Bearer ${token}` };
  const { appId } = await createApp(request, token);
  const object = await (
    await request.post(`${V2}/object`, {
      headers,
      data: { applicationId: appId, name: 'Invoice', code: 'invoice' },
    })
  ).json();
  await request.post(`${V2}/object`, {
    headers,
    data: { applicationId: appId, name: 'Order', code: 'order' },
  });
  const set = await request.post(`${V2}/set`, {
    headers,
    data: {
      applicationId: appId,
      objectId: object.objectId,
      name: 'Overdue',
      code: 'overdue',
      members: ['i-1'],
    },
  });
  expect(set.status()).toBe(201);

  await page.goto(`/app-config/data-access?appId=${appId}`);
  await page.getByRole('button', { name: 'New data access' }).click();
  const create = page.getByRole('dialog', { name: 'New data access' });
  await create.getByLabel('Name').fill('Overdue invoices');
  await create.getByLabel('ID').fill('overdue-invoices');
  await create.getByLabel('Category').fill('finance');
  await pick(page, create.getByLabel('Object'), 'inv', 'Invoice (invoice)');
  await pick(page, create.getByLabel('Set'), '', 'Overdue (overdue)');
  await create.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();
  await expect(create).toBeHidden();

  // The edit form names the scope it was saved with.
  await rowAction(page, 'overdue-invoices', 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit data access' });
  await expect(edit).toContainText('Invoice (invoice)');
  await expect(edit).toContainText('Overdue (overdue)');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The set, now in use, is not deleted from Application Detail, and the message says why.
  await page.goto(`/admin-setting/application-detail?appId=${appId}&tab=sets`);
  const row = tableRows(page).filter({ hasText: 'overdue' });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText('Used by 1 data access: overdue-invoices')).toBeVisible();
  await expect(row).toBeVisible();
  expect((await request.get(`${V2}/object/${object.objectId}`, { headers })).status()).toBe(200);
});
