import { formatMessage, HTTP_STATUS_MESSAGES } from '@gatehouse/contract';
import { expect, type Page, test } from '@playwright/test';
import { createApp, signIn } from './helpers';

// The first failure is asked again after a second, as every 5xx is.
test.describe.configure({ timeout: 60_000 });

/**
 * Records every toast the page shows, one entry per toast as it appears: a toast can close
 * before a slow page settles, and one shown twice must count twice.
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    const seen = new WeakSet<Element>();
    Object.assign(window, { shownToasts: shown });
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll('.ant-message-notice')) {
        if (seen.has(notice)) continue;
        seen.add(notice);
        shown.push(notice.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
}

const CLIENT_LIST = '**/api/admin-service/applicationClient/getClientList?**';

test('a list screen’s first calls that fail show their §8 toasts, 503 then 403, each once', async ({
  page,
  request,
}) => {
  const { appId } = await createApp(request, await signIn(page, request));
  const toasts = await recordToasts(page);
  // The route asks for the first page before the screen renders; the first answer is a 503,
  // the retry a 403, and any later call (the Retry below) reaches the server.
  const answers = [503, 403];
  let calls = 0;
  await page.route(CLIENT_LIST, async (route) => {
    calls += 1;
    const status = answers.shift();
    if (status === undefined) return route.continue();
    return route.fulfill({ status, json: { code: 'X', message: 'x', requestId: 'e2e' } });
  });

  await page.goto(`/app-config/client?appId=${appId}`);
  await expect(page.getByText('The clients could not be loaded.')).toBeVisible();
  await expect
    .poll(toasts)
    .toEqual([formatMessage(HTTP_STATUS_MESSAGES[503]!), formatMessage(HTTP_STATUS_MESSAGES[403]!)]);
  expect(calls).toBe(2);

  // The inline state stays, with its Retry, which asks again.
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No clients yet.')).toBeVisible();
  expect(calls).toBe(3);
  expect(await toasts()).toEqual([
    formatMessage(HTTP_STATUS_MESSAGES[503]!),
    formatMessage(HTTP_STATUS_MESSAGES[403]!),
  ]);
});

test('a 403 that answers a list screen’s first call while the screen waits shows its toast once', async ({
  page,
  request,
}) => {
  const { appId } = await createApp(request, await signIn(page, request));
  const toasts = await recordToasts(page);
  let calls = 0;
  await page.route(CLIENT_LIST, async (route) => {
    calls += 1;
    // Answered only once the screen is up and waiting for the call its route started.
    await expect(page.getByTestId('current-application')).toContainText(appId);
    return route.fulfill({ status: 403, json: { code: 'X', message: 'x', requestId: 'e2e' } });
  });

  await page.goto(`/app-config/client?appId=${appId}`);
  await expect(page.getByText('The clients could not be loaded.')).toBeVisible();
  await expect.poll(toasts).toEqual([formatMessage(HTTP_STATUS_MESSAGES[403]!)]);
  // The screen took the route's call as its own: a 4xx is not asked again.
  expect(calls).toBe(1);
});
