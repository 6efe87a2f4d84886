import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { createApp, createClient, createClients, signIn, tableRows } from './helpers';

test.describe.configure({ timeout: 90_000 });

async function openClients(page: Page, appId: string, query = '') {
  await page.goto(`/app-config/client?appId=${appId}${query}`);
  await expect(page.getByTestId('current-application')).toContainText(appId);
}

const statusesOf = async (page: Page, token: string, appId: string) => {
  const res = await page.request.get(
    `/api/admin-service/v2/application/client?applicationId=${appId}&size=100`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  const body = (await res.json()) as { content: { clientName: string; status: string }[] };
  return Object.fromEntries(body.content.map((c) => [c.clientName, c.status]));
};

test('bulk disable over all N matching: a keyword search, select all 12 matching, disable, all 12 show DISABLED and the others stay ENABLED', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClients(request, token, appId, 12, 'Batch');
  await createClient(request, token, appId, { clientName: 'Other one' });
  await createClient(request, token, appId, { clientName: 'Other two' });

  await openClients(page, appId, '&keyword=Batch');
  await expect(page.getByText('Total 12')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
  await expect(bar.getByRole('status')).toHaveText('10 selected');
  await bar.getByRole('button', { name: 'Select all 12 matching' }).click();
  await expect(bar.getByRole('status')).toHaveText('12 selected');
  await bar.getByRole('button', { name: 'Disable' }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Disable 12' });
  await expect(question).toContainText('every row matching the search');
  await question.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Disable: 12 rows')).toBeVisible();

  // Every matching row, on both pages, is disabled; the rows outside the search are not.
  const tags = tableRows(page).locator('.gh-tag');
  await expect(tags.filter({ hasText: /^ENABLED$/ })).toHaveCount(0);
  await expect(tags.filter({ hasText: /^DISABLED$/ })).toHaveCount(10);
  const statuses = await statusesOf(page, token, appId);
  expect(
    Object.entries(statuses).filter(([name, s]) => name.startsWith('Batch') && s === 'DISABLED'),
  ).toHaveLength(12);
  expect(statuses['Other one']).toBe('ENABLED');
  expect(statuses['Other two']).toBe('ENABLED');
});

test('sorting by a column header: the URL keeps it across a reload', async ({ page, request }) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  for (const name of ['Charlie', 'Alpha', 'Bravo'])
    await createClient(request, token, appId, { clientName: name });
  await openClients(page, appId);
  const names = () => tableRows(page).locator('td:nth-child(4)').allTextContents();
  await expect.poll(names).toEqual(['Bravo', 'Alpha', 'Charlie']);

  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(page).toHaveURL(/sort=clientName%2Casc|sort=clientName,asc/);
  await expect.poll(names).toEqual(['Alpha', 'Bravo', 'Charlie']);
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect.poll(names).toEqual(['Charlie', 'Bravo', 'Alpha']);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual(['Charlie', 'Bravo', 'Alpha']);
});

test('hiding a column and resizing one persist after a reload and in a new browser context', async ({
  page,
  request,
  browser,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClient(request, token, appId, { clientName: 'Layout' });
  await openClients(page, appId);
  await expect(page.getByRole('columnheader', { name: 'Redirect_url' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('group', { name: 'Choose the columns to show' }).getByLabel('Redirect_url').uncheck();
  await expect(page.getByRole('columnheader', { name: 'Redirect_url' })).toHaveCount(0);

  const handle = page.getByRole('separator', { name: 'Resize Name' });
  await handle.focus();
  const before = Number(await handle.getAttribute('aria-valuenow'));
  for (let i = 0; i < 4; i++) await handle.press('ArrowRight');
  await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBe(before + 64);

  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Redirect_url' })).toHaveCount(0);
  await expect(page.getByRole('separator', { name: 'Resize Name' })).toHaveAttribute(
    'aria-valuenow',
    String(before + 64),
  );

  // Another browser: the same user finds the same table.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, second.request);
  await openClients(second, appId);
  await expect(second.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(second.getByRole('columnheader', { name: 'Redirect_url' })).toHaveCount(0);
  await other.close();

  // Shown again for the next tests.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('group', { name: 'Choose the columns to show' }).getByLabel('Redirect_url').check();
});

test('a CSV export of the selected rows downloads with a header and their lines', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  await createClients(request, token, appId, 3, 'Csv');
  await openClients(page, appId);
  await page.getByRole('checkbox', { name: 'Select Csv 01' }).check();
  await page.getByRole('checkbox', { name: 'Select Csv 03' }).check();
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
  await expect(bar.getByRole('status')).toHaveText('2 selected');
  const downloading = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toMatch(/^acId,clientName,/);
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[1])
      .sort(),
  ).toEqual(['Csv 01', 'Csv 03']);
});

test('Manage Group: deleting two selected groups, one with a member, is refused naming it, and both stay; the free one alone is deleted', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const headers = { Authorization: `Bearer ${token}` };
  const suffix = Date.now().toString(36);
  const group = async (name: string) => {
    const res = await request.post('/api/admin-service/v2/group', {
      headers,
      data: { name, code: `${name.toLowerCase().replaceAll(' ', '-')}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { groupId: string };
  };
  await group(`Bulk free ${suffix}`);
  const busy = await group(`Bulk busy ${suffix}`);
  const user = await request.post('/api/admin-service/v2/user', {
    headers,
    data: { username: `bulk-member-${suffix}`, name: 'Member', email: `m-${suffix}@example.test` },
  });
  expect(user.status(), await user.text()).toBe(201);
  const members = await request.put(`/api/admin-service/v2/group/${busy.groupId}/members`, {
    headers,
    data: { userIds: [(await user.json()).userId] },
  });
  expect(members.status(), await members.text()).toBe(200);

  await page.goto(`/admin-setting/manage-group?keyword=${suffix}`);
  await expect(page.getByText('Total 2')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select Bulk free ${suffix}` }).check();
  await page.getByRole('checkbox', { name: `Select Bulk busy ${suffix}` }).check();
  const bar = page.getByRole('region', { name: 'Actions on the selected rows' });
  await bar.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Delete 2' });
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Bulk busy ${suffix}: It is still in use: 1 member.`)).toBeVisible();
  await expect(tableRows(page)).toHaveCount(2);

  await page.getByRole('checkbox', { name: `Select Bulk busy ${suffix}` }).uncheck();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Delete 1' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Delete: 1 rows')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page)).toContainText(`Bulk busy ${suffix}`);
});
