import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { m } from './i18n/index.ts';
import { IDENTITY_MESSAGES, MESSAGES } from './messages.ts';
import { MAX_PASSWORD_LENGTH } from './user.ts';
import { whenMissing } from './zod-messages.ts';

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
  containsUsername: m('password.containsUsername'),
  common: m('password.common'),
  resetLinksNotConfigured: m('password.resetLinksNotConfigured'),
  resetLinkInvalid: m('password.resetLinkInvalid'),
  resetLinkExpired: m('password.resetLinkExpired'),
  resetLinkUsed: m('password.resetLinkUsed'),
  passwordReset: m('password.passwordReset'),
  passwordExpired: m('password.passwordExpired'),
  tooShort: MESSAGES.passwordTooShort,
  isUsername: IDENTITY_MESSAGES.passwordIsUsername,
  tooLong: m('password.tooLong', { maximum: MAX_PASSWORD_LENGTH }),
  reused: m('password.reused', { count: PASSWORD_POLICY.historyCount }),
  /** The one answer of /forget, whether or not an account matched. */
  resetLinkSent: m('password.resetLinkSent', { minutes: RESET_LINK_MINUTES }),
} as const;

/** /forget: a username or an email address. */
export const forgetPasswordRequestSchema = z.object({
  account: z
    .string({ error: whenMissing(MESSAGES.required.key) })
    .trim()
    .min(1, { error: MESSAGES.required.key })
    .max(254),
});

export const forgetPasswordResultSchema = z.object({ message: z.string() });
export type ForgetPasswordResult = z.infer<typeof forgetPasswordResultSchema>;

/** /reset-password: the link's token and the new password (the policy is checked on the server). */
export const passwordResetRequestSchema = z.object({
  token: z
    .string({ error: whenMissing(PASSWORD_MESSAGES.resetLinkInvalid.key) })
    .min(1, { error: PASSWORD_MESSAGES.resetLinkInvalid.key })
    .max(200, { error: PASSWORD_MESSAGES.resetLinkInvalid.key }),
  newPassword: z
    .string({ error: whenMissing(MESSAGES.required.key) })
    .min(1, { error: MESSAGES.required.key })
    .max(1024, { error: PASSWORD_MESSAGES.tooLong.key }),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
