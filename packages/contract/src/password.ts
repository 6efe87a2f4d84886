import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { MAX_PASSWORD_LENGTH } from './user.ts';

/**
 * The password policy every path that sets a password applies (own change, reset link,
 * initial and overdue passwords, an administrator's create and reset): MIN to MAX characters,
 * not the username, not a common password, not one of the user's last HISTORY passwords.
 */
export const PASSWORD_POLICY = {
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  /** The new password may not be any of the user's last this many passwords (the current one included). */
  historyCount: 5,
} as const;

/** A reset link works once, for this many minutes. */
export const RESET_LINK_MINUTES = 30;

/** /forget requests per account identifier and per IP within the window; every request counts. */
export const FORGET_RATE_LIMIT = { perAccount: 5, perIp: 20, windowSeconds: 15 * 60 } as const;

export const PASSWORD_MESSAGES = {
  tooShort: MESSAGES.passwordTooShort,
  tooLong: `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  isUsername: 'The password must not be the username.',
  containsUsername: 'The password must not contain the username.',
  common: 'This password is too common. Choose a less predictable one.',
  reused: `The password must differ from your last ${PASSWORD_POLICY.historyCount} passwords.`,
  /** The one answer of /forget, whether or not an account matched. */
  resetLinkSent:
    'If an account matches, a link to reset its password has been sent. It works once, within 30 minutes.',
  /** /forget on a production server that has no public address to build the link on. */
  resetLinksNotConfigured:
    'Password reset links are not available: the server has no public address (GATEHOUSE_PUBLIC_URL). Ask an administrator.',
  resetLinkInvalid: 'This reset link is not valid. Ask for a new one.',
  resetLinkExpired: 'This reset link has expired. Ask for a new one.',
  resetLinkUsed: 'This reset link has already been used. Ask for a new one.',
  passwordReset: 'Your password has been reset. Sign in with the new password.',
  passwordExpired: 'Your password has expired. Choose a new one to continue.',
} as const;

/** /forget: a username or an email address. */
export const forgetPasswordRequestSchema = z.object({
  account: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(254, { error: 'At most 254 characters' }),
});

export const forgetPasswordResultSchema = z.object({ message: z.string() });
export type ForgetPasswordResult = z.infer<typeof forgetPasswordResultSchema>;

/** /reset-password: the link's token and the new password (the policy is checked on the server). */
export const passwordResetRequestSchema = z.object({
  token: z
    .string({ error: PASSWORD_MESSAGES.resetLinkInvalid })
    .min(1, { error: PASSWORD_MESSAGES.resetLinkInvalid })
    .max(200, { error: PASSWORD_MESSAGES.resetLinkInvalid }),
  newPassword: z
    .string({ error: MESSAGES.required })
    .min(1, { error: MESSAGES.required })
    .max(1024, { error: PASSWORD_MESSAGES.tooLong }),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
