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

/** What each scope lets the application learn, as the consent lists it. */
export function scopeDescription(scope: string, applicationName: string): string {
  switch (scope) {
    case 'openid':
      return 'Know who you are';
    case 'profile':
      return 'Your name, username and picture';
    case 'email':
      return 'Your email address';
    case 'phone':
      return 'Your phone number';
    case 'offline_access':
      return 'Stay signed in when you are away';
    case 'gatehouse':
      return `Your roles, and your permissions in ${applicationName}`;
    default:
      return scope;
  }
}

/** What the page says for a failed call: the server's own wording for a refusal, else the catalogue's. */
export function interactionErrorText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Start again from the application.';
  if (error.status === 401) return error.serverMessage ?? MESSAGES.invalidCredentials;
  if (error.kind === 'http' && error.status !== undefined && error.status < 500 && error.serverMessage)
    return error.serverMessage;
  return error.message;
}
