import { MESSAGES } from '@gatehouse/contract';
import { isApiError, type Shown } from '@/lib/http';

/**
 * The provider sends the browser to /oauth on its own origin (the interaction url is a path),
 * so its next stop is on this origin too. Anything else in an answer is refused rather than
 * followed: the page never redirects to an address it has not checked.
 */
export function sameOriginRedirect(target: string, origin: string): string | null {
  try {
    const url = new URL(target, origin);
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether a call found no interaction for this browser: unknown, expired, or started in
 * another browser (whose cookie this one does not hold). Nothing on the page can go on then.
 */
export function isInteractionGone(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404;
}

/**
 * What the page says for a failed call: `gone` when there is no interaction for this browser,
 * the server's own wording for another refusal, else the catalogue's.
 */
export function interactionErrorText(error: unknown, texts: { failed: Shown; gone: Shown }): Shown {
  if (!isApiError(error)) return texts.failed;
  if (isInteractionGone(error)) return texts.gone;
  if (error.status === 401) return error.serverMessage ?? MESSAGES.invalidCredentials;
  if (error.kind === 'http' && error.status !== undefined && error.status < 500 && error.serverMessage)
    return error.serverMessage;
  return error.shown;
}
