import { expect, type Page, test } from '@playwright/test';
import { createApp, createClient, signIn, tableRows } from './helpers';

// Several dialogs and token requests on a busy two-core machine.
test.describe.configure({ timeout: 60_000 });

const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test("a client's service account: enabled with a role on App Client, then its token reaches the admin API", async ({
  page,
  request,
}) => {
  const admin = await signIn(page, request);
  const { appId } = await createApp(request, admin);
  const client = await createClient(request, admin, appId, { clientName: 'Nightly sync' });
  // A role that may read this application's clients.
  const roleCode = `sync-reader-${Date.now().toString(36)}`;
  const role = await (
    await request.post('/api/admin-service/v2/role', {
      headers: bearer(admin),
      data: { name: 'Sync reader', code: roleCode },
    })
  ).json();
  const grants = await request.put(`/api/admin-service/v2/role/${role.roleId}/grants`, {
    headers: bearer(admin),
    data: {
      permissions: [
        { applicationId: 'platform', permissionId: 'app-config.client', actionEntitySet: ['retrieve'] },
      ],
      resources: [],
    },
  });
  expect(grants.status(), await grants.text()).toBe(200);

  await page.goto(`/app-config/client?appId=${appId}`);
  const row = tableRows(page).filter({ hasText: 'Nightly sync' });
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Service account' }).click();
  const form = dialog(page, 'Service account of Nightly sync');
  await expect(form).toBeVisible();
  await form.getByRole('switch').click();
  await form.getByRole('combobox').click();
  await page.keyboard.type('Sync reader');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: roleCode })
    .click();
  // The picker's list closes when the dialog's text is clicked, uncovering OK.
  await form.getByText('The service account never signs in').click();
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form).toBeHidden();

  const account = await (
    await request.get(`/api/admin-service/v2/application/client/${client.acId}/service-account`, {
      headers: bearer(admin),
    })
  ).json();
  expect(account).toMatchObject({ enabled: true, username: `service-account-${client.client}` });

  const issued = await request.post('/oidc/token', {
    headers: {
      Authorization: `Basic ${Buffer.from(`${client.client}:${client.secret}`).toString('base64')}`,
    },
    form: { grant_type: 'client_credentials' },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { access_token: token } = await issued.json();
  const list = await request.get(`/api/admin-service/v2/application/client?applicationId=${appId}`, {
    headers: bearer(token),
  });
  expect(list.status()).toBe(200);
  // Only what the role grants: no user list.
  expect((await request.get('/api/admin-service/v2/user', { headers: bearer(token) })).status()).toBe(403);

  // Opened again, the dialog shows the account with its role.
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Service account' }).click();
  await expect(form.getByTestId('service-account-username')).toHaveText(`service-account-${client.client}`);
  await expect(form).toContainText(roleCode);
  await expect(form.getByRole('switch')).toBeChecked();
});

test('a personal access token: made on Account Security, shown once, used on the API, revoked', async ({
  page,
  request,
}) => {
  const admin = await signIn(page, request);
  const { appId } = await createApp(request, admin);
  const name = `ci-${Date.now().toString(36)}`;
  await page.goto('/account-setting/security');
  await page.getByRole('button', { name: 'New token' }).click();
  const form = dialog(page, 'New token');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form.getByText('This item is required')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Scope').click();
  await page.keyboard.type('app-config.client:retrieve');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^app-config\.client:retrieve$/ })
    .click();
  await form.getByText('Expires in (days)').click();
  await form.getByRole('button', { name: 'OK', exact: true }).click();

  const created = dialog(page, 'Token created');
  await expect(created).toContainText('not shown again');
  const token = ((await created.locator('code').textContent()) ?? '').trim();
  expect(token).toMatch(/^ghpat_/);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  const row = tableRows(page).filter({ hasText: name });
  await expect(row).toContainText('app-config.client:retrieve');
  await expect(page.getByText(token)).toHaveCount(0);

  const clients = `/api/admin-service/v2/application/client?applicationId=${appId}`;
  expect((await request.get(clients, { headers: bearer(token) })).status()).toBe(200);
  expect((await request.get('/api/admin-service/v2/user', { headers: bearer(token) })).status()).toBe(403);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page
    .locator('.ant-popconfirm:not(.ant-popover-hidden)')
    .getByRole('button', { name: 'OK', exact: true })
    .click();
  await expect(row).toHaveCount(0);
  expect((await request.get(clients, { headers: bearer(token) })).status()).toBe(401);
});
