import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('the navigation lists each screen once; the -V2 paths still open their screens', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/dashboard');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByText('Manage User', { exact: true })).toHaveCount(1);
  await expect(navigation.getByText('Manage Group', { exact: true })).toHaveCount(1);
  await expect(navigation.getByText('Manage User V2')).toHaveCount(0);
  await expect(navigation.getByText('Manage Group V2')).toHaveCount(0);
  // Nor does home list them twice.
  await expect(page.getByRole('link', { name: 'Manage User', exact: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Manage User V2' })).toHaveCount(0);

  await page.goto('/admin-setting/manage-user-V2');
  await expect(page).toHaveTitle('Manage User V2 - Gatehouse');
  await expect(page.getByRole('button', { name: /New user/ })).toBeVisible();
  await page.goto('/admin-setting/manage-group-v2');
  await expect(page).toHaveTitle('Manage Group V2 - Gatehouse');
  await expect(page.getByRole('button', { name: /New group/ })).toBeVisible();
});
