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
  INTERNAL: 'INTERNAL_ERROR',
  /** 503 from GET /api/ready, or while the server shuts down. */
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The error body of DESIGN.md: `{ code, message, fields? }`. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Field path (dotted) to its message, for 400s. */
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
