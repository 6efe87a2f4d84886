import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
  formatMessage,
  HTTP_STATUS_MESSAGES,
  MESSAGES,
  type Message,
  PASSWORD_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from '@gatehouse/contract';

/** A message per field, by the field's dotted path (`permissions.0.permissionId`). */
export type FieldMessages = Readonly<Record<string, Message>>;

/**
 * An error whose status, code and message are safe to show the client. The error handler
 * turns it into the `{ code, message, key, params, fields? }` body; anything else becomes a
 * generic 500. `Error.message` holds the English text, for the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly reason: Message,
    readonly fields?: FieldMessages,
    readonly headers?: Record<string, string>,
  ) {
    super(formatMessage(reason, 'en'));
    this.name = 'AppError';
  }
}

/** A field's message in the body: key and parameters for the console, English for the rest. */
function fieldError(field: string, message: Message): FieldError {
  return {
    field,
    key: message.key,
    ...(message.params ? { params: { ...message.params } } : {}),
    message: formatMessage(message, 'en'),
  };
}

/**
 * The error body of `message` (and its fields): `message` in English, so clients of the
 * legacy API keep working, and `key` and `params` for a reader in another language.
 */
export function errorBody(code: ErrorCode, message: Message, fields?: FieldMessages): ErrorBody {
  return {
    code,
    message: formatMessage(message, 'en'),
    key: message.key,
    ...(message.params ? { params: { ...message.params } } : {}),
    ...(fields ? { fields: Object.entries(fields).map(([field, m]) => fieldError(field, m)) } : {}),
  };
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

/**
 * 401 for a personal access token or a service account on a route for one's own account:
 * those answer only to a console session, which the credential is not.
 */
export const sessionRequired = (message: Message) => new AppError(401, ERROR_CODES.UNAUTHENTICATED, message);

/** 403; the message says why where the refusal is more than a missing grant. */
export const forbidden = (message: Message = HTTP_STATUS_MESSAGES[403]!) =>
  new AppError(403, ERROR_CODES.FORBIDDEN, message);

export const notFound = (message: Message = MESSAGES.notFound) =>
  new AppError(404, ERROR_CODES.NOT_FOUND, message);

export const validationFailed = (fields: FieldMessages) =>
  new AppError(400, ERROR_CODES.VALIDATION, MESSAGES.validationFailed, fields);

export const passwordChangeRequired = () =>
  new AppError(403, ERROR_CODES.PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordChangeRequired);

/** The password is older than the policy's maximum age (`/overdue`). */
export const passwordExpired = () =>
  new AppError(403, ERROR_CODES.PASSWORD_EXPIRED, PASSWORD_MESSAGES.passwordExpired);

/** A role the user holds requires two-factor sign-in, which they have not set up yet. */
export const twoFactorEnrolmentRequired = () =>
  new AppError(403, ERROR_CODES.TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_MESSAGES.enrolmentRequired);

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.RATE_LIMITED, MESSAGES.tooManyAttempts, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** 409 for a duplicate: the message and the field messages say which value is taken. */
export const conflict = (message: Message, fields: FieldMessages) =>
  new AppError(409, ERROR_CODES.CONFLICT, message, fields);

/**
 * 409 for a change the current state forbids (something still uses the record, or it would
 * leave no administrator); the message says why.
 */
export const refused = (message: Message) => new AppError(409, ERROR_CODES.CONFLICT, message);

/** 503 with the §8 message: a part the request needs is not ready yet. */
export const unavailable = () => new AppError(503, ERROR_CODES.UNAVAILABLE, HTTP_STATUS_MESSAGES[503]!);
