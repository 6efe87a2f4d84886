import { z } from 'zod';
import { actionSchema } from './auth.ts';
import { CONTROL_CHARACTERS } from './common.ts';
import { m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';
import { whenMissing } from './zod-messages.ts';

/**
 * Machine access to the admin API: personal access tokens (a user's own bearer tokens) and
 * service accounts (a confidential client's user, which its client-credentials tokens act as).
 */

/** What starts every personal access token, so a leaked one is recognised (and scanned for). */
export const PERSONAL_ACCESS_TOKEN_PREFIX = 'ghpat_';
/** The longest a personal access token may live, in days. */
export const PERSONAL_ACCESS_TOKEN_MAX_DAYS = 365;
/** The most tokens one user may hold at once. */
export const PERSONAL_ACCESS_TOKEN_MAX_COUNT = 50;

export const MACHINE_ACCESS_MESSAGES = {
  expiryDays: m('pat.expiryDays'),
  chooseScope: m('pat.chooseScope'),
  notHeld: m('pat.notHeld'),
  tooMany: m('pat.tooMany'),
  publicClient: m('serviceAccount.publicClient'),
  machineCaller: m('machineAccess.interactiveOnly'),
} as const;

/** One console permission with one action: what a token's scope lists. */
export const scopeGrantSchema = z
  .object({
    permissionId: z.string().min(1).max(100),
    action: actionSchema,
  })
  .strict();
export type ScopeGrant = z.infer<typeof scopeGrantSchema>;

export const createPersonalAccessTokenSchema = z
  .object({
    name: z
      .string({ error: whenMissing(MESSAGES.required.key) })
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, { error: MESSAGES.required.key })
          .max(100)
          .refine((v) => !CONTROL_CHARACTERS.test(v), { error: MESSAGES.controlCharacters.key }),
      ),
    expiresInDays: z
      .number({ error: MACHINE_ACCESS_MESSAGES.expiryDays.key })
      .int({ error: MACHINE_ACCESS_MESSAGES.expiryDays.key })
      .min(1, { error: MACHINE_ACCESS_MESSAGES.expiryDays.key })
      .max(PERSONAL_ACCESS_TOKEN_MAX_DAYS, { error: MACHINE_ACCESS_MESSAGES.expiryDays.key }),
    scope: z
      .array(scopeGrantSchema, { error: whenMissing(MACHINE_ACCESS_MESSAGES.chooseScope.key) })
      .min(1, { error: MACHINE_ACCESS_MESSAGES.chooseScope.key })
      .max(200),
  })
  .strict();
export type CreatePersonalAccessToken = z.input<typeof createPersonalAccessTokenSchema>;

/** A token as lists show it: never the token itself. */
export const personalAccessTokenSchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  scope: z.array(scopeGrantSchema),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The last request it made, to the minute; null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type PersonalAccessToken = z.infer<typeof personalAccessTokenSchema>;

/** A new token, with the token itself shown this once. */
export const createdPersonalAccessTokenSchema = personalAccessTokenSchema.extend({ token: z.string() });
export type CreatedPersonalAccessToken = z.infer<typeof createdPersonalAccessTokenSchema>;

/** The permission/action pairs the signed-in user holds now: what a new token's scope may list. */
export const scopeChoicesSchema = z.array(scopeGrantSchema);

/** A confidential client's service account: the user its client-credentials tokens act as. */
export const serviceAccountSchema = z.object({
  acId: z.string(),
  enabled: z.boolean(),
  /** The service account's user, whose roles are managed as any user's; null while never enabled. */
  userId: z.string().nullable(),
  username: z.string().nullable(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

export const setServiceAccountSchema = z.object({ enabled: z.boolean() }).strict();
export type SetServiceAccount = z.infer<typeof setServiceAccountSchema>;
