import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signInWithForm } from './helpers';

/**
 * Language and theme: the header's switch and toggle change the whole console (menus, the
 * kit's texts, antd's own texts, the date pickers), survive a reload, and follow the user to
 * a browser that never saw them, because they are stored for the user. Each test signs in a
 * user of its own, so the administrator's preferences stay as other tests expect them.
 */

test.describe.configure({ timeout: 60_000 });

async function newAdministrator(request: APIRequestContext) {
  const login = await request.post('/api/oauth2-server/login', { data: ADMIN });
  const headers = { Authorization: `Bearer ${(await login.json()).result.token}` };
  const username = `e2e-pref-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const created = await request.post('/api/admin-service/v2/user', {
    headers,
    data: {
      username,
      name: username,
      email: `${username}@example.test`,
      password,
      mustChangePassword: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { userId } = await created.json();
  const roles = await request.get('/api/admin-service/v2/role?size=100', { headers });
  const text = await roles.text();
  const list = JSON.parse(text);
  const items: { roleId?: string; id?: string; builtin: boolean }[] = list.content ?? list.items ?? list;
  const admin = items.find((r) => r.builtin);
  expect(admin, text).toBeTruthy();
  const granted = await request.put(`/api/admin-service/v2/user/${userId}/roles`, {
    headers,
    data: { roleIds: [admin!.roleId ?? admin!.id] },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  return { username, password };
}

const nav = (page: Page) => page.getByRole('navigation', { name: /Main navigation|主导航/ });

test('the console switches to Chinese, keeps it on reload, and for the user on another browser', async ({
  page,
  request,
  browser,
}) => {
  // Three screens, a reload and a second browser: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const user = await newAdministrator(request);
  await signInWithForm(page, user);
  await expect(nav(page).getByText('App Configuration')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: '中文' }).click();
  await expect(nav(page).getByText('应用配置')).toBeVisible();
  await expect(nav(page).getByText('应用客户端')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  // A list screen: the kit's column titles, pager and its texts.
  await page.goto('/admin-setting/application');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: '状态' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '操作' })).toBeVisible();
  await expect(page.getByText(/^共 \d+ 条$/)).toBeVisible();
  // The pager's texts.
  await expect(page.getByRole('listitem', { name: '上一页' })).toBeVisible();
  await expect(page.getByRole('button', { name: '高级搜索' })).toBeVisible();

  // Dates: the range picker of the search speaks Chinese (dayjs and antd locales).
  await page.getByRole('button', { name: '高级搜索' }).click();
  await page.getByPlaceholder('创建日期起').click();
  const panel = page.locator('.ant-picker-dropdown').first();
  await expect(panel.getByText(/\d{4}年/).first()).toBeVisible();
  await expect(panel.getByRole('columnheader', { name: '一' }).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // A feature screen: its title, columns, row names and search in Chinese.
  await page.goto('/admin-setting/manage-user');
  await expect(page.locator('.gh-panel-title', { hasText: '用户管理' })).toBeVisible();
  const users = page.getByRole('table');
  for (const name of ['用户名', '电子邮箱', '最近登录', '创建时间'])
    await expect(users.getByRole('columnheader', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: /新建用户/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: '用户管理' })).toBeVisible();

  await page.reload();
  await expect(nav(page).getByText('应用配置')).toBeVisible();
  await expect(page.getByRole('table').getByRole('columnheader', { name: '状态' })).toBeVisible();

  // Another browser, which never chose: English until the sign-in, then the user's Chinese.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInWithForm(second, user);
  await expect(nav(second).getByText('应用配置')).toBeVisible();
  await expect(second.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await other.close();
});

/** The page's background is dark; a transparent one (before the app has drawn) is not. */
const isDark = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b, alpha = 1] = (getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []).map(
      Number,
    );
    if (r === undefined || g === undefined || b === undefined || alpha === 0) return false;
    return r + g + b < 150;
  });

test('dark mode darkens the console, persists, and is there on the sign-in page before sign-in', async ({
  page,
  request,
  browser,
}) => {
  const user = await newAdministrator(request);
  await signInWithForm(page, user);
  expect(await isDark(page)).toBe(false);

  await page.getByRole('banner').getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => isDark(page)).toBe(true);
  const layoutBackground = await page
    .locator('.gh-shell')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(layoutBackground).not.toBe('rgb(245, 245, 245)');

  await page.reload();
  await expect(nav(page).getByText('App Configuration')).toBeVisible();
  await expect.poll(() => isDark(page)).toBe(true);

  // A fresh browser: light on the sign-in page, the corner toggle darkens it before sign-in;
  // the user's stored choice applies anyway after sign-in.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/login');
  await expect(second.getByRole('button', { name: 'Dark mode' })).toBeVisible();
  expect(await isDark(second)).toBe(false);
  await second.getByRole('button', { name: 'Dark mode' }).click();
  await expect.poll(() => isDark(second)).toBe(true);
  await second.getByRole('button', { name: 'Dark mode' }).click();
  await expect.poll(() => isDark(second)).toBe(false);
  await signInWithForm(second, user);
  await expect.poll(() => isDark(second)).toBe(true);
  await other.close();
});
