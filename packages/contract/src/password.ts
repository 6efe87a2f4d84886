import { z } from 'zod';
import { type Message, m } from './i18n/index.ts';
import { IDENTITY_MESSAGES, MESSAGES } from './messages.ts';
import { type ConsoleSettings, DEFAULT_CONSOLE_SETTINGS } from './settings.ts';
import { MAX_PASSWORD_LENGTH } from './user.ts';
import { whenMissing } from './zod-messages.ts';

/**
 * The password policy every path that sets a password applies (own change, reset link,
 * initial and overdue passwords, an administrator's create and reset): minLength to maxLength
 * characters, not the username, not a common password (when `commonCheck`), not one of the
 * user's last `historyCount` passwords, and no older than `maxAgeDays` (0: no limit). All but
 * the maximum length are Console Settings (`passwordPolicyOf`); anyone may read them, the
 * sign-in pages included (GET /api/oauth2-server/password-policy), as the forms show them.
 */
export const passwordPolicySchema = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  historyCount: z.number().int(),
  commonCheck: z.boolean(),
  maxAgeDays: z.number().int(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

/** The policy the console settings set. */
export function passwordPolicyOf(settings: ConsoleSettings): PasswordPolicy {
  return {
    minLength: settings.passwordMinLength,
    maxLength: MAX_PASSWORD_LENGTH,
    historyCount: settings.passwordHistoryCount,
    commonCheck: settings.passwordCommonCheck,
    maxAgeDays: settings.passwordMaxAgeDays,
  };
}

/** The policy of the default settings. */
export const PASSWORD_POLICY: PasswordPolicy = passwordPolicyOf(DEFAULT_CONSOLE_SETTINGS);

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
  /** With the policy's minimum; `MESSAGES.passwordTooShort` names the default. */
  tooShort: (minimum: number): Message => m(MESSAGES.passwordTooShort.key, { minimum }),
  isUsername: IDENTITY_MESSAGES.passwordIsUsername,
  tooLong: m('password.tooLong', { maximum: MAX_PASSWORD_LENGTH }),
  reused: (count: number): Message => m('password.reused', { count }),
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
