import { MESSAGES } from '@gatehouse/contract';
import { isApiError } from '@/lib/http';

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

/** What the page says for a failed call: the server's own wording for a refusal, else the catalogue's. */
export function interactionErrorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 401) return error.serverMessage ?? MESSAGES.invalidCredentials;
  if (error.kind === 'http' && error.status !== undefined && error.status < 500 && error.serverMessage)
    return error.serverMessage;
  return error.message;
}
