import { z } from 'zod';
import { AUDIT_MESSAGES, AUDIT_RETENTION_DAYS } from './audit.ts';
import { LOCK_SECONDS } from './constants.ts';

/** The password policy's default maximum age, in days (`/overdue`); 0 means no maximum. */
export const PASSWORD_MAX_AGE_DAYS = 90;

/** Console-wide settings an administrator changes on the Console Settings screen. */
export const consoleSettingsSchema = z.object({
  /** Seconds without activity before the console locks (spec §4, §9). */
  lockSeconds: z
    .number({ error: 'Enter a number of seconds' })
    .int({ error: 'Enter a whole number of seconds' })
    .min(5, { error: 'The lock needs at least 5 seconds' })
    .max(7 * 24 * 3600, { error: 'The lock can wait at most 7 days' }),
  /** Days a password may be used before it must be changed; 0 turns the maximum age off. */
  passwordMaxAgeDays: z
    .number({ error: 'Enter a number of days' })
    .int({ error: 'Enter a whole number of days' })
    .min(0, { error: 'Enter 0 or more days' })
    .max(3650, { error: 'Enter at most 3650 days' }),
  /** Days an audit record is kept; a daily purge removes older ones. */
  auditRetentionDays: z
    .number({ error: AUDIT_MESSAGES.retentionDays })
    .int({ error: AUDIT_MESSAGES.retentionDays })
    .min(1, { error: AUDIT_MESSAGES.retentionDays })
    .max(36_500, { error: AUDIT_MESSAGES.retentionDays }),
});
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;

export const DEFAULT_CONSOLE_SETTINGS: ConsoleSettings = {
  lockSeconds: LOCK_SECONDS,
  passwordMaxAgeDays: PASSWORD_MAX_AGE_DAYS,
  auditRetentionDays: AUDIT_RETENTION_DAYS,
};

/** A change names only the settings it changes. */
export const updateConsoleSettingsSchema = consoleSettingsSchema.partial().strict();
export type UpdateConsoleSettings = z.infer<typeof updateConsoleSettingsSchema>;
