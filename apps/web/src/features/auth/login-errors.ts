import { MESSAGES } from '@gatehouse/contract';
import { isApiError, type Shown } from '@/lib/http';

/** What the sign-in page says for a failed attempt; the server's wording when it has one. */
export function loginErrorText(error: unknown): Shown {
  if (!isApiError(error)) return MESSAGES.unknownError;
  if (error.status === 401) return error.serverMessage ?? MESSAGES.invalidCredentials;
  if (error.status === 429) return error.serverMessage ?? MESSAGES.tooManyAttempts;
  return error.serverMessage && error.kind === 'http' && error.status !== undefined && error.status < 500
    ? error.serverMessage
    : error.shown;
}
