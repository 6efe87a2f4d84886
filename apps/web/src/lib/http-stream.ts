import { headersFor, hooks, httpError, parseBody, report, toApiError, withQuery } from './http';

/**
 * A GET whose answer is read as it arrives, such as an export: the browser's Response once its
 * status is 2xx, its body not yet read. There is no time limit (a long export is not a stuck
 * one); the caller's signal cancels it. A refusal is an ApiError, reported as any call's is
 * (http.ts): a toast, or a lost session's way to the sign-in page. A module of its own, so its
 * code comes with the screen that streams rather than with the sign-in page.
 */
export async function requestStream(
  url: string,
  config: { params?: object; signal?: AbortSignal; silent?: boolean } = {},
): Promise<Response> {
  const signal = config.signal ?? new AbortController().signal;
  try {
    const response = await fetch(withQuery(url, config.params), {
      headers: headersFor(undefined, false),
      signal,
      credentials: 'same-origin',
    });
    if (!response.ok) throw httpError({ status: response.status, data: parseBody(await response.text()) });
    return response;
  } catch (error) {
    const apiError = toApiError(error, { signal, timedOut: false });
    report(apiError, { silent: config.silent, notify: (...toast) => hooks.notify(...toast) });
    throw apiError;
  }
}
