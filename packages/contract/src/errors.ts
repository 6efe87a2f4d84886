import { z } from 'zod';

/** Machine-readable error codes carried in every error body. */
export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_FAILED',
  /** A 4xx other than the ones below, e.g. a body too large or an unsupported media type. */
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** 401: the password was right and the sign-in needs a two-factor code as well. */
  SECOND_FACTOR_REQUIRED: 'SECOND_FACTOR_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  /** The password is older than the policy's maximum age: only the password change is open. */
  PASSWORD_EXPIRED: 'PASSWORD_EXPIRED',
  /** A role the user holds requires two-factor sign-in, not set up yet: only its set-up is open. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 'TWO_FACTOR_ENROLMENT_REQUIRED',
  INTERNAL: 'INTERNAL_ERROR',
  /** 503 from GET /api/ready, or while the server shuts down. */
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const messageParamsSchema = z.record(z.string(), z.unknown());

/** One field's message in an error body: its key and parameters, and its English text. */
export const fieldErrorSchema = z.object({
  /** The field's path, dotted (`permissions.0.permissionId`). */
  field: z.string(),
  key: z.string(),
  params: messageParamsSchema.optional(),
  /** The message in English, for clients that show text as it comes. */
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The error body: `{ code, message, key, params, fields }`. `key` and `params` name the
 * message in the catalogues (i18n/), which the console shows in the reader's language;
 * `message` is the same message in English, so a client of the legacy API keeps working.
 */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  key: z.string().optional(),
  params: messageParamsSchema.optional(),
  /** One entry per invalid field, for 400s (and the field a 409 names). */
  fields: z.array(fieldErrorSchema).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
