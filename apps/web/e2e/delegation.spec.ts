import { randomBytes } from 'node:crypto';
import { formatMessage, MESSAGES, type PermissionGrant, PLATFORM_APP_ID } from '@gatehouse/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, createApp, platformResourceIds, rowAction, signIn, tableRows } from './helpers';

/**
 * Delegation as a manager limited to application A sees it: the console offers only what the
 * server would allow. The manager changes users, roles and groups in A and holds A's `orders`
 * to read; the administrator, a user holding a role of B and B's role are beyond them.
 */

test.describe.configure({ timeout: 90_000 });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const V2 = '/api/admin-service/v2';

async function apiToken(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/oauth2-server/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.token as string;
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** Everything as the administrator: the applications, their roles, the users and the manager. */
async function seed(request: APIRequestContext) {
  const admin = await apiToken(request, ADMIN);
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const call = async (method: 'post' | 'put', url: string, data: unknown) => {
    const res = await request[method](url, { headers: auth(admin), data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  const a = await createApp(request, admin, { name: `Deleg A ${suffix}` });
  const b = await createApp(request, admin, { name: `Deleg B ${suffix}` });
  for (const [applicationId, id] of [
    [a.appId, 'orders'],
    [a.appId, 'invoices'],
    [b.appId, 'orders'],
  ])
    await call('post', '/api/admin-service/permission/createPermission', {
      name: `${id} of ${applicationId}`,
      id,
      resourceType: 'API',
      applicationId,
    });
  const role = async (name: string, permissions: PermissionGrant[], resources: string[] = []) => {
    const created = await call('post', `${V2}/role`, {
      name: `${name} ${suffix}`,
      code: `${name}-${suffix}`,
    });
    await call('put', `${V2}/role/${created.roleId}/grants`, { permissions, resources });
    return { roleId: created.roleId as string, name: `${name} ${suffix}`, code: `${name}-${suffix}` };
  };
  const user = async (name: string, roleIds: string[]) => {
    const credentials = { username: `${name}-${suffix}`, password: `Pw-${randomBytes(12).toString('hex')}` };
    const { userId } = await call('post', `${V2}/user`, {
      ...credentials,
      name: `${name} ${suffix}`,
      email: `${name}-${suffix}@example.test`,
      mustChangePassword: false,
    });
    if (roleIds.length > 0) await call('put', `${V2}/user/${userId}/roles`, { roleIds });
    return { userId: userId as string, ...credentials };
  };

  const limitedToA = (permissionId: string): PermissionGrant => ({
    applicationId: PLATFORM_APP_ID,
    permissionId,
    actionEntitySet: ['update', 'retrieve'],
    applicationIds: [a.appId],
  });
  const manager = await role(
    'deleg-manager',
    [
      limitedToA('admin-setting.manage-user'),
      limitedToA('admin-setting.manage-role'),
      limitedToA('admin-setting.manage-group'),
      { applicationId: a.appId, permissionId: 'orders', actionEntitySet: ['retrieve'] },
    ],
    await platformResourceIds(request, admin, [
      'home',
      'dashboard',
      'identity',
      'admin-setting.manage-user',
      'admin-setting.manage-role',
      'admin-setting.manage-group',
      'user:update',
      'user:status',
      'user:delete',
      'role:update',
      'role:status',
      'role:delete',
      'group:update',
    ]),
  );
  const readA = await role('deleg-read-a', [
    { applicationId: a.appId, permissionId: 'orders', actionEntitySet: ['retrieve'] },
  ]);
  const readB = await role('deleg-read-b', [
    { applicationId: b.appId, permissionId: 'orders', actionEntitySet: ['retrieve'] },
  ]);
  return {
    suffix,
    a,
    b,
    manager,
    readA,
    readB,
    managerUser: await user('deleg-manager', [manager.roleId]),
    plain: await user('deleg-plain', []),
    inB: await user('deleg-in-b', [readB.roleId]),
  };
}

async function menuOf(page: Page, rowText: string): Promise<string[]> {
  const row = tableRows(page).filter({ has: page.getByRole('cell', { name: rowText, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Action' }).click();
  // The row's menu, not the navigation's.
  const items = page.locator('.ant-dropdown:visible').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const texts = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts.map((text) => text.trim());
}

/** The options of the open select popup, or those showing `text`. */
function options(page: Page, text?: string) {
  const all = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  return text === undefined ? all : all.filter({ hasText: text });
}

const DISABLED = /ant-select-item-option-disabled/;

/** The API calls the server refuses from now on: the console should make none. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 403) refused.push(`${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  return refused;
}

let seeded: Seeded;
test.beforeAll(async ({ request }) => {
  seeded = await seed(request);
});

test('Manage User: no change on accounts beyond the manager; a role of B cannot be given, one of A can', async ({
  page,
  request,
}) => {
  const { managerUser, plain, inB, readA, readB, suffix } = seeded;
  await signIn(page, request, managerUser);
  const refused = refusals(page);

  await page.goto('/admin-setting/manage-user?username=admin');
  const adminRow = tableRows(page).filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(adminRow).toHaveCount(1);
  // Beyond the manager, the account's details, sessions and linked identities stay readable.
  expect(await menuOf(page, 'admin')).toEqual([
    'Detail',
    'Roles and groups',
    'Sessions',
    'Linked identities',
  ]);
  await expect(adminRow.getByRole('button', { name: /Disable|Enable|Delete/ })).toHaveCount(0);

  await page.goto(`/admin-setting/manage-user?username=${inB.username}`);
  expect(await menuOf(page, inB.username)).toEqual([
    'Detail',
    'Roles and groups',
    'Sessions',
    'Linked identities',
  ]);
  const inBRow = tableRows(page).filter({ hasText: inB.username });
  await expect(inBRow.getByRole('button', { name: /Disable|Delete/ })).toHaveCount(0);
  // Its roles are shown, not changed.
  await rowAction(page, inB.username, 'Roles and groups');
  const shown = page.getByRole('dialog', { name: `Roles and groups of ${inB.username}` });
  await expect(shown.getByText(`${readB.name} (${readB.code})`)).toBeVisible();
  await expect(shown.getByRole('combobox', { name: 'Roles' })).toBeDisabled();
  await shown
    .getByRole('button', { name: /close|cancel/i })
    .first()
    .click();

  await page.goto(`/admin-setting/manage-user?username=${plain.username}`);
  expect(await menuOf(page, plain.username)).toEqual([
    'Detail',
    'Edit',
    'Roles and groups',
    'Reset password',
    'Sessions',
    'Linked identities',
    'Reset two-factor',
  ]);
  const plainRow = tableRows(page).filter({ hasText: plain.username });
  // Delete stays out: the manager's role may not delete users at all.
  await expect(plainRow.getByRole('button', { name: 'Disable' })).toBeVisible();

  await rowAction(page, plain.username, 'Roles and groups');
  const dialog = page.getByRole('dialog', { name: `Roles and groups of ${plain.username}` });
  const roles = dialog.getByRole('combobox', { name: 'Roles' });
  await roles.click();
  await roles.fill(suffix);
  await expect(options(page, readB.code)).toHaveClass(DISABLED);
  await expect(options(page, readB.code)).toHaveAttribute('title', /You cannot give this role/);
  await expect(options(page, readA.code)).not.toHaveClass(DISABLED);
  await options(page, readA.code).click();
  await page.keyboard.press('Escape');
  const saved = page.waitForResponse(
    (res) => res.url().endsWith(`/user/${plain.userId}/roles`) && res.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(formatMessage(MESSAGES.savedSuccessfully))).toBeVisible();
  expect(refused).toEqual([]);
});

test('Manage Role: grants offer only what the manager holds, and their own role only narrows', async ({
  page,
  request,
}) => {
  const { managerUser, manager, readA, readB, a, b } = seeded;
  await signIn(page, request, managerUser);
  const refused = refusals(page);

  await page.goto(`/admin-setting/manage-role?code=${readB.code}`);
  expect(await menuOf(page, readB.name)).toEqual(['Detail', 'Grants', 'Preview as this role']);

  await page.goto(`/admin-setting/manage-role?code=${readA.code}`);
  expect(await menuOf(page, readA.name)).toEqual(['Detail', 'Edit', 'Grants', 'Preview as this role']);
  await rowAction(page, readA.name, 'Grants');
  const dialog = page.getByRole('dialog', { name: `Grants of ${readA.name}` });
  const first = dialog.locator('.ant-card').first();
  await expect(first.getByRole('checkbox', { name: 'retrieve' })).toBeChecked();
  await expect(first.getByRole('checkbox', { name: 'retrieve' })).toBeEnabled();
  await expect(first.getByRole('checkbox', { name: 'delete' })).toBeDisabled();
  await expect(first.getByRole('checkbox', { name: 'create' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Add permission' }).click();
  const second = dialog.locator('.ant-card').nth(1);
  const application = second.getByRole('combobox', { name: 'Application' });
  await application.click();
  // The platform's areas and A's permissions; nothing of B.
  await expect(options(page)).toHaveText([`${a.name} (${a.appId})`, 'Gatehouse (platform)']);
  await expect(options(page, b.appId)).toHaveCount(0);
  await options(page, a.appId).click();
  const permission = second.getByRole('combobox', { name: 'Permission' });
  await permission.click();
  await expect(options(page)).toHaveText([`orders of ${a.appId} (orders)`]);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/admin-setting/manage-role?code=${manager.code}`);
  await rowAction(page, manager.name, 'Grants');
  const own = page.getByRole('dialog', { name: `Grants of ${manager.name}` });
  await expect(own.getByText(/You hold this role, so its grants can only be narrowed/)).toBeVisible();
  await expect(own.getByRole('button', { name: 'Add permission' })).toBeDisabled();
  // What it grants stays, to be removed.
  await expect(own.getByRole('button', { name: 'Remove permission 1' })).toBeEnabled();
  // The platform's tree (the console's menus it grants) is shown too: a resource it has can be unchecked.
  await own.getByRole('tab', { name: 'Resources' }).click();
  await expect(own.getByText('Identity', { exact: true })).toBeVisible();
  expect(refused).toEqual([]);
});

test('Manage Group: members and roles beyond the manager cannot be added', async ({ page, request }) => {
  const { managerUser, readA, readB, suffix } = seeded;
  const admin = await apiToken(request, ADMIN);
  const res = await request.post(`${V2}/group`, {
    headers: auth(admin),
    data: { name: `Deleg group ${suffix}`, code: `deleg-group-${suffix}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const group = await res.json();
  const roles = await request.put(`${V2}/group/${group.groupId}/roles`, {
    headers: auth(admin),
    data: { roleIds: [readA.roleId] },
  });
  expect(roles.status(), await roles.text()).toBe(200);
  await signIn(page, request, managerUser);
  const refused = refusals(page);

  await page.goto(`/admin-setting/manage-group?code=deleg-group-${suffix}`);
  await rowAction(page, group.name, 'Members');
  const members = page.getByRole('dialog', { name: `Members of ${group.name}` });
  const picker = members.getByRole('combobox', { name: 'Users to add' });
  await picker.click();
  await picker.fill(suffix);
  await expect(options(page, `deleg-in-b-${suffix}`)).toHaveClass(DISABLED);
  await expect(options(page, `deleg-in-b-${suffix}`)).toHaveAttribute('title', /You cannot change this user/);
  await expect(options(page, `deleg-plain-${suffix}`)).not.toHaveClass(DISABLED);
  await page.keyboard.press('Escape');
  await members.getByRole('button', { name: 'Close' }).first().click();

  await rowAction(page, group.name, 'Roles');
  const dialog = page.getByRole('dialog', { name: `Roles of ${group.name}` });
  const picked = dialog.getByRole('combobox', { name: 'Roles' });
  await picked.click();
  await picked.fill(suffix);
  await expect(options(page, readB.code)).toHaveClass(DISABLED);
  // What the group has stays, and may be removed.
  await expect(options(page, readA.code)).not.toHaveClass(DISABLED);
  expect(refused).toEqual([]);
});
