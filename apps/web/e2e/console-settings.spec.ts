import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const SETTINGS = '/api/admin-service/settings';

// Both tests change the same settings: one after the other.
test.describe.configure({ mode: 'serial' });

test('Console Settings checks its fields, saves, and the saved values come back', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const auth = { Authorization: `Bearer ${token}` };
  const before = await (await request.get(SETTINGS, { headers: auth })).json();
  try {
    await page.goto('/admin-setting/console-settings');
    const lock = page.getByLabel('Lock after inactivity (seconds)');
    const age = page.getByLabel('Password maximum age (days)');
    const retention = page.getByLabel('Keep audit records (days)');
    await expect(lock).toHaveValue(String(before.lockSeconds));
    await expect(retention).toHaveValue(String(before.auditRetentionDays));

    await lock.fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The lock needs at least 5 seconds')).toBeVisible();
    // The retention's rule is the contract's: from 1 to 36,500 days.
    await retention.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a whole number of days from 1 to 36500')).toBeVisible();

    // Longer than the default, so no other test's page can lock meanwhile.
    await lock.fill('7200');
    await age.fill('45');
    await retention.fill('400');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect
      .poll(async () => (await request.get(SETTINGS, { headers: auth })).json())
      .toEqual({ ...before, lockSeconds: 7200, passwordMaxAgeDays: 45, auditRetentionDays: 400 });

    await page.reload();
    await expect(page.getByLabel('Lock after inactivity (seconds)')).toHaveValue('7200');
    await expect(page.getByLabel('Password maximum age (days)')).toHaveValue('45');
    await expect(page.getByLabel('Keep audit records (days)')).toHaveValue('400');
  } finally {
    await request.put(SETTINGS, { headers: auth, data: before });
  }
});

test('the password policy is set in Console Settings, and the password forms show its rules', async ({
  page,
  request,
}) => {
  const token = await signIn(page, request);
  const auth = { Authorization: `Bearer ${token}` };
  const before = await (await request.get(SETTINGS, { headers: auth })).json();
  try {
    await page.goto('/admin-setting/console-settings');
    const minimum = page.getByLabel('Password minimum length (characters)');
    const history = page.getByLabel('Password history');
    await expect(minimum).toHaveValue(String(before.passwordMinLength));
    await expect(history).toHaveValue(String(before.passwordHistoryCount));
    await expect(page.getByRole('switch', { name: 'Refuse common passwords' })).toBeChecked();

    await minimum.fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter 8 to 64 characters')).toBeVisible();
    await minimum.fill(String(before.passwordMinLength));
    // One more than the default: no other test's password can meet it meanwhile.
    await history.fill(String(before.passwordHistoryCount + 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.goto('/account-setting/security');
    await expect(page.getByTestId('password-rules')).toHaveText(
      `${before.passwordMinLength} to 128 characters · not your username · not a common password · not one of your last ${before.passwordHistoryCount + 1} passwords`,
    );
  } finally {
    await request.put(SETTINGS, { headers: auth, data: before });
  }
});
