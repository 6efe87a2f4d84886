import { formatMessage, MESSAGES } from '@gatehouse/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn, tableRows } from './helpers';

// Several dialogs and a test that waits for an unreachable issuer: more than the default 30 s
// on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

const rowOf = (page: Page, text: string) => tableRows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });
/** The Popconfirm that is open now. */
const confirmBox = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');

async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('System › Provider: create an OIDC provider, read its redirect URI, test it, disable it and delete it', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  const name = `Upstream ${Date.now().toString(36)}`;
  await page.goto('/admin-setting/provider');
  await page.getByRole('button', { name: 'New identity provider' }).click();
  const form = dialog(page, 'New identity provider');
  // OIDC is the type a new provider starts with; the contract's rules speak before anything is sent.
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form.getByText(formatMessage(MESSAGES.required)).first()).toBeVisible();
  // Its own field: the mapping has a Name too.
  await form.locator('#identity-provider_name').fill(name);
  await form.getByLabel('Issuer URL').fill('not a url');
  await form.getByLabel('Client ID').fill('gatehouse');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(form.getByText('Enter the issuer URL, such as https://login.example.com')).toBeVisible();
  // Nobody listens there: the test's discovery step fails, and says so.
  await form.getByLabel('Issuer URL').fill('http://127.0.0.1:9/upstream');
  await form.getByLabel('Client secret').fill('upstream-secret');
  await form.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText(formatMessage(MESSAGES.createdSuccessfully))).toBeVisible();

  const row = rowOf(page, name);
  await expect(row).toContainText('OIDC');
  await expect(row).toContainText('Enabled');

  // The redirect URI to register upstream; the secret is write-only.
  await rowAction(page, row, 'Edit');
  const edit = dialog(page, 'Edit identity provider');
  await expect(edit.getByRole('textbox', { name: 'Redirect URI', exact: true })).toHaveValue(
    /\/api\/oauth2-server\/federation\/oidc\/callback\/[0-9a-f-]{36}$/,
  );
  await expect(edit.getByLabel('Client secret')).toHaveValue('');
  await expect(edit.getByText('Leave blank to keep the stored secret.')).toBeVisible();
  await expect(edit.getByRole('radio', { name: 'SAML 2.0' })).toBeDisabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await rowAction(page, row, 'Test');
  const testDialog = dialog(page, `Test of ${name}`);
  await expect(
    testDialog
      .getByRole('list', { name: `Test of ${name}` })
      .getByRole('listitem')
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(testDialog).toContainText('A step did not pass.');
  await testDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(confirmBox(page)).toContainText('Nobody signs in through it until it is enabled again.');
  await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
  await expect(row).toContainText('Disabled');

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmBox(page)).toContainText('The identities linked to it go too');
  await confirmBox(page).getByRole('button', { name: 'OK', exact: true }).click();
  await expect(rowOf(page, name)).toHaveCount(0);
});
