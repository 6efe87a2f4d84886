import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  formatMessage,
  MESSAGES,
  type PermissionGrant,
  PLATFORM_APP_ID,
  WEBHOOK_MESSAGES,
  type Webhook,
} from '@gatehouse/contract';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, createApp, platformResourceIds, signIn, tableRows } from './helpers';

// Each test walks several dialogs and waits for a delivery; on a busy two-core machine that
// can pass the default 30 s even though nothing waits on a fixed delay.
test.describe.configure({ timeout: 90_000 });

type Received = { headers: IncomingHttpHeaders; body: unknown };

/**
 * A webhook receiver on 127.0.0.1 (the e2e server allows http and private targets,
 * playwright.config.ts): it answers every POST with 200 and keeps what came.
 */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text.
      }
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/gatehouse`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const rowOf = (page: Page, text: string) => tableRows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });
/** The Popconfirm that is open now. */
const confirmBox = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');

async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Types a pattern into the Events tags select and takes it with Enter. */
async function addEvent(form: Locator, pattern: string) {
  const input = form.getByLabel('Events');
  await input.fill(pattern);
  await input.press('Enter');
}

/** The value cell beside a label in a bordered Descriptions (the secret dialog, a delivery). */
const cellOf = (scope: Locator, label: string) =>
  scope.locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');

test('System › Webhooks: create one, its secret once, send a test event and read its delivery', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, request);
    const name = `Mirror ${Date.now().toString(36)}`;
    await page.goto('/admin-setting/webhook');
    await expect(page).toHaveTitle('Webhooks - Gatehouse');

    await page.getByRole('button', { name: 'New webhook' }).click();
    const form = dialog(page, 'New webhook');
    await form.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(form.getByText(formatMessage(MESSAGES.required)).first()).toBeVisible();
    await expect(form.getByText(formatMessage(WEBHOOK_MESSAGES.chooseEvents))).toBeVisible();

    await form.getByLabel('Name').fill(name);
    await form.getByLabel('URL').fill('ftp://example.com/x');
    await addEvent(form, 'User.Created');
    await form.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(form.getByText(formatMessage(WEBHOOK_MESSAGES.url))).toBeVisible();
    await expect(form.getByText(formatMessage(WEBHOOK_MESSAGES.eventPattern))).toBeVisible();
    // The bad pattern goes (its tag's ×), a group and a type of the offered ones come.
    await form
      .locator('.ant-select-selection-item', { hasText: 'User.Created' })
      .locator('.ant-select-selection-item-remove')
      .click();
    // A group and a type that no other test, running beside this one, makes happen: the
    // receiver then hears this webhook's own test events alone.
    await addEvent(form, 'oidc.signing.key.*');
    await addEvent(form, 'webhook.disabled');
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByRole('button', { name: 'OK', exact: true }).click();

    const created = dialog(page, formatMessage(MESSAGES.createdSuccessfully));
    await expect(created).toBeVisible();
    await expect(created).toContainText('shows it never again');
    await expect(cellOf(created, 'Name')).toHaveText(name);
    const secret = ((await cellOf(created, 'Signing secret').locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(created.getByRole('button', { name: 'Copy the signing secret' })).toBeVisible();
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(created).toBeHidden();
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);

    const row = rowOf(page, name);
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText('oidc.signing.key.*');
    await expect(row).toContainText('webhook.disabled');
    await expect(row).toContainText('Enabled');

    // A test event: its delivery opens, and shows the receiver's answer once it has come.
    await rowAction(page, row, 'Send test event');
    await expect(page.getByText('Test event sent')).toBeVisible();
    const drawer = page.getByRole('dialog', { name: `Deliveries of ${name}` });
    await expect(drawer).toBeVisible();
    await expect(cellOf(drawer, 'Status')).toHaveText('Succeeded');
    await expect(cellOf(drawer, 'Response')).toHaveText('200');
    await expect(cellOf(drawer, 'Event')).toHaveText('webhook.test');
    await expect(cellOf(drawer, 'Attempts')).toHaveText('1');
    await expect(drawer.locator('pre').first()).toContainText('"type": "webhook.test"');
    await expect(drawer.locator('pre').nth(1)).toContainText('"received": true');

    // What the receiver got: a Standard Webhooks request.
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first?.body).toMatchObject({ type: 'webhook.test' });
    expect(first?.headers['webhook-id']).toBeTruthy();
    expect(first?.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(first?.headers['webhook-signature']).toMatch(/^v1,/);
    const messageId = first?.headers['webhook-id'];
    await expect(cellOf(drawer, 'Message ID \\(webhook-id\\)')).toContainText(String(messageId));

    // The log lists it; a finished delivery goes again as a new one, with the same webhook-id.
    await drawer.getByRole('button', { name: 'Back to the deliveries' }).click();
    const logRow = tableRows(drawer).filter({ hasText: 'webhook.test' });
    await expect(logRow).toHaveCount(1);
    await expect(logRow).toContainText('Succeeded');
    await expect(logRow).toContainText('200');
    await logRow.getByRole('button', { name: 'View webhook.test' }).click();
    await drawer.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByText('Sent again as a new delivery')).toBeVisible();
    await expect(cellOf(drawer, 'Status')).toHaveText('Succeeded');
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(messageId);
    await drawer.getByRole('button', { name: 'Back to the deliveries' }).click();
    await expect(tableRows(drawer)).toHaveCount(2);

    // The filter by status: none failed.
    await drawer.getByLabel('Filter by status').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Failed' })
      .click();
    await expect(drawer.getByText('No deliveries with this status.')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  } finally {
    await receiver.close();
  }
});

test("Application Detail › Webhooks: the application's own, disabled and deleted asking first", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const token = await signIn(page, request);
    const { appId } = await createApp(request, token);
    const name = `App hook ${Date.now().toString(36)}`;
    await page.goto(`/admin-setting/application-detail?appId=${appId}&tab=webhooks`);
    await expect(page.getByRole('tab', { name: 'Webhooks', selected: true })).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    await page.getByRole('button', { name: 'New webhook' }).click();
    const form = dialog(page, 'New webhook');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('URL').fill(receiver.url);
    await addEvent(form, '*');
    await form.getByRole('button', { name: 'OK', exact: true }).click();
    const created = dialog(page, formatMessage(MESSAGES.createdSuccessfully));
    await expect(cellOf(created, 'Signing secret').locator('code')).toHaveText(/^whsec_/);
    await created.getByRole('button', { name: 'Done' }).click();

    const row = rowOf(page, name);
    await expect(row).toContainText('Enabled');
    // It is the application's, not a platform webhook.
    const listed = await request.get(`/api/admin-service/v2/webhooks?applicationId=${appId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { content } = (await listed.json()) as { content: Webhook[] };
    expect(content.map((w) => [w.name, w.applicationId])).toEqual([[name, appId]]);

    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(confirmBox(page)).toContainText('Disable this webhook?');
    await expect(confirmBox(page)).toContainText('It is sent no events until it is enabled again.');
    await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
    await expect(page.getByText(formatMessage(MESSAGES.changedSuccessfully))).toBeVisible();
    await expect(row).toContainText('Disabled');

    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(confirmBox(page)).toContainText('Delete this webhook?');
    await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
    await expect(rowOf(page, name)).toHaveCount(0);
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await receiver.close();
  }
});

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/oauth2-server/login', { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).result.token as string;
}

/** A user whose grants reach application `appId` alone: its Application Detail, and the webhooks of it. */
async function delegateOf(request: APIRequestContext, admin: string, appId: string) {
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const res = await request[method](url, { headers: { Authorization: `Bearer ${admin}` }, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const limited = (permissionId: string, actionEntitySet: PermissionGrant['actionEntitySet']) => ({
    applicationId: PLATFORM_APP_ID,
    permissionId,
    actionEntitySet,
    applicationIds: [appId],
  });
  const role = await call('post', '/api/admin-service/v2/role', {
    name: `hooks-${suffix}`,
    code: `hooks-${suffix}`,
  });
  await call('put', `/api/admin-service/v2/role/${role.roleId}/grants`, {
    permissions: [
      limited('admin-setting.application', ['retrieve']),
      limited('admin-setting.webhook', ['create', 'update', 'retrieve', 'delete']),
    ],
    resources: await platformResourceIds(request, admin, [
      'home',
      'dashboard',
      'applications',
      'admin-setting.application',
      'admin-setting.application-detail',
      'system',
      'admin-setting.webhook',
      'webhook:create',
      'webhook:update',
      'webhook:status',
      'webhook:delete',
    ]),
  });
  const credentials = { username: `hooks-${suffix}`, password: `Pw-${randomBytes(12).toString('hex')}` };
  const { userId } = await call('post', '/api/admin-service/v2/user', {
    ...credentials,
    name: `Hooks ${suffix}`,
    email: `hooks-${suffix}@example.test`,
    mustChangePassword: false,
  });
  await call('put', `/api/admin-service/v2/user/${userId}/roles`, { roleIds: [role.roleId] });
  return { ...credentials, name: `Hooks ${suffix}` };
}

test('a delegate limited to an application manages its webhooks on its Application Detail', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const admin = await adminToken(request);
    const { appId } = await createApp(request, admin);
    const delegate = await delegateOf(request, admin, appId);
    await signIn(page, request, { username: delegate.username, password: delegate.password });
    await page.goto(`/admin-setting/application-detail?appId=${appId}&tab=webhooks`);
    await expect(page.getByText(delegate.name)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Webhooks', selected: true })).toBeVisible();

    // The controls check the Webhooks screen's elements and permission, which the delegate holds.
    await page.getByRole('button', { name: 'New webhook' }).click();
    const form = dialog(page, 'New webhook');
    const name = `Delegated ${Date.now().toString(36)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('URL').fill(receiver.url);
    await addEvent(form, 'user.*');
    await form.getByRole('button', { name: 'OK', exact: true }).click();
    const created = dialog(page, formatMessage(MESSAGES.createdSuccessfully));
    await expect(cellOf(created, 'Signing secret').locator('code')).toHaveText(/^whsec_/);
    await created.getByRole('button', { name: 'Done' }).click();

    const row = rowOf(page, name);
    await expect(row.getByRole('button', { name: 'Disable' })).toBeEnabled();
    await expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();
    await rowAction(page, row, 'Send test event');
    const drawer = page.getByRole('dialog', { name: `Deliveries of ${name}` });
    await expect(cellOf(drawer, 'Status')).toHaveText('Succeeded');
    await expect(cellOf(drawer, 'Response')).toHaveText('200');
  } finally {
    await receiver.close();
  }
});
