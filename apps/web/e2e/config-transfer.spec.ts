import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createApp, seedDataAccesses, signIn } from './helpers';

/**
 * Configuration export and import on Application Detail: export an application, change it,
 * import the file back, read the preview, and apply it.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test('an exported application imports back: the preview names the changes, Apply restores it', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const { appId } = await createApp(request, token);
  const seeded = await seedDataAccesses(request, token, appId, 2);
  await page.goto(`/admin-setting/application-detail?appId=${appId}`);

  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${appId}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const file = await download.path();
  const document = JSON.parse(await readFile(file, 'utf8'));
  expect(document.dataAccesses.map((d: { id: string }) => d.id)).toEqual(['item-01', 'item-02']);

  // Something changes after the export: one data access renamed, one added.
  const first = seeded.find((d) => d.id === 'item-01')!;
  const renamed = await request.put('/api/admin-service/data/access', {
    headers: auth(token),
    data: {
      resourceId: first!.resourceId,
      name: 'Renamed',
      id: 'item-01',
      category: 'cat-a',
      applicationId: appId,
    },
  });
  expect(renamed.status(), await renamed.text()).toBeLessThan(300);
  const added = await request.post('/api/admin-service/data/access', {
    headers: auth(token),
    data: { name: 'Added later', id: 'item-03', category: 'cat-a', applicationId: appId },
  });
  expect(added.status()).toBe(201);

  // Import the file back: the preview says what it undoes.
  await page.getByLabel('Choose a configuration file').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: 'Import preview' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('The import creates 0, updates 1 and deletes 1 records.')).toBeVisible();
  const changes = dialog.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /Data accesses/ })).toContainText('1: item-01');
  await expect(changes.getByRole('row', { name: /Data accesses/ })).toContainText('1: item-03');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Imported: 0 created, 1 updated, 1 deleted.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const after = await request.get(`/api/admin-service/v2/application/${appId}/config-export`, {
    headers: auth(token),
  });
  const { exportedAt: _a, ...restored } = await after.json();
  const { exportedAt: _b, ...original } = document;
  expect(restored).toEqual(original);
});
