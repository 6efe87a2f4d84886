import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { openAdvanced, rowAction, signIn, tableRows } from './helpers';

/**
 * The Audit Log and a list row's History, as an administrator uses them: finding a change by
 * who made it and when, reading its diff, a role's history after a change, and an export.
 * Each test makes its own user or role, so tests running side by side never share records.
 */

test.describe.configure({ timeout: 60_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Today as the search's date fields write it, in the browser's time zone (the test's). */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}/${two(now.getMonth() + 1)}/${two(now.getDate())}`;
}

/**
 * A new user who signs in and switches their console to Chinese: two audit records of theirs,
 * `login` and `preferences.update` (language null → zh).
 */
async function userWhoChangesLanguage(request: APIRequestContext, adminToken: string): Promise<string> {
  const username = unique('e2e-audit');
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const created = await request.post('/api/admin-service/v2/user', {
    headers: auth(adminToken),
    data: {
      username,
      name: `User ${username}`,
      email: `${username}@example.test`,
      password,
      mustChangePassword: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await request.post('/api/oauth2-server/login', { data: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).result.token as string;
  const changed = await request.put('/api/admin-service/user/preferences', {
    headers: auth(token),
    data: { language: 'zh' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return username;
}

async function openAuditLog(page: Page, query = ''): Promise<void> {
  await page.goto(`/admin-setting/audit-log${query}`);
  await expect(page.getByRole('table', { name: 'Audit Log' })).toBeVisible();
}

test('finds a change by actor and date, and reads its diff', async ({ page, request }) => {
  const token = await signIn(page, request);
  const username = await userWhoChangesLanguage(request, token);
  await openAuditLog(page);

  const advanced = await openAdvanced(page);
  await advanced.getByLabel('Actor', { exact: true }).fill(username);
  const from = advanced.getByPlaceholder('Date from');
  await from.click();
  await from.fill(today());
  await from.press('Enter');
  const to = advanced.getByPlaceholder('Date to');
  await to.fill(today());
  await to.press('Enter');
  await advanced.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`actor=${username}`));
  await expect(page).toHaveURL(/atFrom=/);
  const rows = tableRows(page);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('preferences.update');
  await expect(rows.nth(1)).toContainText('login');
  await expect(page.getByText('Total 2')).toBeVisible();

  await rows
    .nth(0)
    .getByRole('button', { name: /^Open the record of/ })
    .click();
  const drawer = page.getByRole('dialog', { name: /^Audit record \d+$/ });
  await expect(drawer).toContainText(username);
  await expect(drawer).toContainText('preferences.update');
  const diff = drawer.getByRole('table', { name: 'Before and after' });
  const language = diff.getByRole('row', { name: /^language/ });
  await expect(language).toHaveAttribute('data-change', 'added');
  await expect(language.getByRole('cell').nth(1)).toHaveText('zh');
  // The drawer is in the URL: a reload opens the same record.
  await expect(page).toHaveURL(/auditId=\d+/);
  await page.reload();
  await expect(page.getByRole('dialog', { name: /^Audit record \d+$/ })).toContainText('preferences.update');
});

test("a role's History shows its change with the diff", async ({ page, request }) => {
  const token = await signIn(page, request);
  const code = unique('e2e-audit-role');
  const created = await request.post('/api/admin-service/v2/role', {
    headers: auth(token),
    data: { name: 'Auditors', code },
  });
  expect(created.status(), await created.text()).toBe(201);
  const role = await created.json();
  const updated = await request.put('/api/admin-service/v2/role', {
    headers: auth(token),
    data: { roleId: role.roleId, name: 'Trail readers', code, description: 'Reads the trail' },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await page.goto(`/admin-setting/manage-role?code=${code}`);
  await expect(tableRows(page).filter({ hasText: code })).toHaveCount(1);
  await rowAction(page, code, 'History');
  const drawer = page.getByRole('dialog', { name: 'History of Trail readers' });
  const entries = drawer.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('update');
  await expect(entries.nth(1)).toContainText('create');

  await entries.nth(0).locator('summary').click();
  const diff = entries.nth(0).getByRole('table');
  const name = diff.getByRole('row', { name: /^name/ });
  await expect(name).toHaveAttribute('data-change', 'changed');
  await expect(name.getByRole('cell').nth(0)).toHaveText('Auditors');
  await expect(name.getByRole('cell').nth(1)).toHaveText('Trail readers');
  await expect(diff.getByRole('row', { name: /^description/ })).toHaveAttribute('data-change', 'added');
  // Only the changes: the code stayed, and is not listed.
  await expect(diff.getByRole('row', { name: /^code/ })).toHaveCount(0);
});

test("an organization's History, from its detail in the tree", async ({ page, request }) => {
  const token = await signIn(page, request);
  const code = unique('e2e-audit-org');
  const created = await request.post('/api/admin-service/v2/organization', {
    headers: auth(token),
    data: { name: 'Audit desk', code },
  });
  expect(created.status(), await created.text()).toBe(201);
  const organization = await created.json();
  const updated = await request.put('/api/admin-service/v2/organization', {
    headers: auth(token),
    data: { organizationId: organization.organizationId, name: 'Audit office', code },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await page.goto(`/admin-setting/manage-organization?organizationId=${organization.organizationId}`);
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History of Audit office' });
  const entries = drawer.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('update');
  await entries.nth(0).locator('summary').click();
  const name = entries.nth(0).getByRole('table').getByRole('row', { name: /^name/ });
  await expect(name).toHaveAttribute('data-change', 'changed');
  await expect(name.getByRole('cell').nth(1)).toHaveText('Audit office');
});

test('exports the matching records as JSON Lines and as CSV', async ({ page, request }) => {
  const token = await signIn(page, request);
  const username = await userWhoChangesLanguage(request, token);
  await openAuditLog(page, `?actor=${username}`);
  await expect(tableRows(page)).toHaveCount(2);

  await page.getByRole('combobox', { name: 'Export format' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="JSON Lines"]').click();
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.jsonl$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(lines.map((line) => JSON.parse(line).action)).toEqual(['preferences.update', 'login']);
  expect(lines.every((line) => JSON.parse(line).actorName === username)).toBe(true);
  await expect(page.getByText('Exported 2 records')).toBeVisible();

  await page.getByRole('combobox', { name: 'Export format' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="CSV"]').click();
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const rows = csv.slice(1).trim().split('\r\n');
  expect(rows[0]).toMatch(/^auditId,at,actorId,actorName,action,/);
  expect(rows).toHaveLength(3);
  expect(rows[1]).toContain('preferences.update');
});
