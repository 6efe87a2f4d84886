import {
  ERROR_CODES,
  type ErrorCode,
  HTTP_STATUS_MESSAGES,
  MESSAGES,
  PASSWORD_MESSAGES,
} from '@gatehouse/contract';

/**
 * An error whose status, code and message are safe to show the client. The error handler
 * turns it into the `{ code, message, fields? }` body; anything else becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 401 for credentials that name no live session: the §8 "token has expired" message. */
export const unauthenticated = () =>
  new AppError(401, ERROR_CODES.UNAUTHENTICATED, HTTP_STATUS_MESSAGES[401]!);

/**
 * The 401 of a request that found no session: with no Authorization header at all it was
 * never signed in, which "the token has expired" would misstate.
 */
export const unauthenticatedFor = (authorization: string | undefined) =>
  authorization?.trim()
    ? unauthenticated()
    : new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.notSignedIn);

/** 403; the message says why where the refusal is more than a missing grant. */
export const forbidden = (message: string = HTTP_STATUS_MESSAGES[403]!) =>
  new AppError(403, ERROR_CODES.FORBIDDEN, message);

export const notFound = (message: string = MESSAGES.notFound) =>
  new AppError(404, ERROR_CODES.NOT_FOUND, message);

export const validationFailed = (fields: Record<string, string>) =>
  new AppError(400, ERROR_CODES.VALIDATION, MESSAGES.validationFailed, fields);

export const passwordChangeRequired = () =>
  new AppError(403, ERROR_CODES.PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordChangeRequired);

/** The password is older than the policy's maximum age (`/overdue`). */
export const passwordExpired = () =>
  new AppError(403, ERROR_CODES.PASSWORD_EXPIRED, PASSWORD_MESSAGES.passwordExpired);

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.RATE_LIMITED, MESSAGES.tooManyAttempts, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** 409 for a duplicate: the message and the field messages say which value is taken. */
export const conflict = (message: string, fields: Record<string, string>) =>
  new AppError(409, ERROR_CODES.CONFLICT, message, fields);

/**
 * 409 for a change the current state forbids (something still uses the record, or it would
 * leave no administrator); the message says why.
 */
export const refused = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

/** 503 with the §8 message: a part the request needs is not ready yet. */
export const unavailable = () => new AppError(503, ERROR_CODES.UNAVAILABLE, HTTP_STATUS_MESSAGES[503]!);

/** "2 users and 1 group": the non-zero counts, for the message of a record still in use. */
export function countsOf(counts: [number, string][]): string {
  const parts = counts.filter(([n]) => n > 0).map(([n, noun]) => `${n} ${noun}${n === 1 ? '' : 's'}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
