import { z } from 'zod';
import { AUDIT_MESSAGES, AUDIT_RETENTION_DAYS } from './audit.ts';
import { LOCK_SECONDS, MIN_PASSWORD_LENGTH, PASSWORD_MIN_LENGTH_FLOOR } from './constants.ts';

/** The password policy's default maximum age, in days (`/overdue`); 0 means no maximum. */
export const PASSWORD_MAX_AGE_DAYS = 90;
/** The policy's default history: a new password may not be one of the user's last this many. */
export const PASSWORD_HISTORY_COUNT = 5;
/** The longest minimum length and history the policy may be set to. */
export const PASSWORD_MIN_LENGTH_CEILING = 64;
export const PASSWORD_HISTORY_CEILING = 24;

/** Console-wide settings an administrator changes on the Console Settings screen. */
export const consoleSettingsSchema = z.object({
  /** Seconds without activity before the console locks (spec §4, §9). */
  lockSeconds: z
    .number({ error: 'settings.lockSeconds' })
    .int({ error: 'settings.lockWhole' })
    .min(5, { error: 'settings.lockMin' })
    .max(7 * 24 * 3600, { error: 'settings.lockMax' }),
  /** Days a password may be used before it must be changed; 0 turns the maximum age off. */
  passwordMaxAgeDays: z
    .number({ error: 'settings.days' })
    .int({ error: 'settings.daysWhole' })
    .min(0, { error: 'settings.daysMin' })
    .max(3650, { error: 'settings.daysMax' }),
  /** The shortest password any path accepts (own change, reset link, an administrator's create and reset). */
  passwordMinLength: z
    .number({ error: 'settings.passwordMinLength' })
    .int({ error: 'settings.passwordMinLength' })
    .min(PASSWORD_MIN_LENGTH_FLOOR, { error: 'settings.passwordMinLength' })
    .max(PASSWORD_MIN_LENGTH_CEILING, { error: 'settings.passwordMinLength' }),
  /** A new password may not be one of the user's last this many (the current one included); 0 turns the check off. */
  passwordHistoryCount: z
    .number({ error: 'settings.passwordHistoryCount' })
    .int({ error: 'settings.passwordHistoryCount' })
    .min(0, { error: 'settings.passwordHistoryCount' })
    .max(PASSWORD_HISTORY_CEILING, { error: 'settings.passwordHistoryCount' }),
  /** Refuses a password found in the list of common passwords. */
  passwordCommonCheck: z.boolean({ error: 'field.invalid' }),
  /** Days an audit record is kept; a daily purge removes older ones. */
  auditRetentionDays: z
    .number({ error: AUDIT_MESSAGES.retentionDays.key })
    .int({ error: AUDIT_MESSAGES.retentionDays.key })
    .min(1, { error: AUDIT_MESSAGES.retentionDays.key })
    .max(36_500, { error: AUDIT_MESSAGES.retentionDays.key }),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

export const DEFAULT_CONSOLE_SETTINGS: ConsoleSettings = {
  lockSeconds: LOCK_SECONDS,
  passwordMaxAgeDays: PASSWORD_MAX_AGE_DAYS,
  passwordMinLength: MIN_PASSWORD_LENGTH,
  passwordHistoryCount: PASSWORD_HISTORY_COUNT,
  passwordCommonCheck: true,
  auditRetentionDays: AUDIT_RETENTION_DAYS,
};

/** A change names only the settings it changes. */
export const updateConsoleSettingsSchema = consoleSettingsSchema.partial().strict();
export type UpdateConsoleSettings = z.infer<typeof updateConsoleSettingsSchema>;
