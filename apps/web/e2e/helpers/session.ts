import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? '' };

/** Signs in through the API and returns the session token. */
export async function apiLogin(request: APIRequestContext, user = ADMIN): Promise<string> {
  const res = await request.post('/api/oauth2-server/login', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return body.result.token as string;
}

/** Signs in through the login form and waits for the dashboard. */
export async function uiLogin(page: Page, user = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
