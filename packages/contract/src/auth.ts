import { z } from 'zod';
import { requiredString } from './common.ts';
import { LANGUAGES, type Message, m } from './i18n/index.ts';
import { MESSAGES } from './messages.ts';
import { whenMissing } from './zod-messages.ts';

/**
 * Every action a grant may give on a permission (its `actionEntitySet`), in their usual
 * order. A permission offers the four of spec §6 (`CRUD_ACTIONS`) unless it names its own
 * (`actionsOf` in navigation.ts): `export` is offered by the Audit Log area alone.
 */
export const ACTIONS = ['create', 'update', 'retrieve', 'delete', 'export'] as const;
export const actionSchema = z.enum(ACTIONS);
export type Action = z.infer<typeof actionSchema>;
/** The actions of spec §6, which every permission offers unless it names its own. */
export const CRUD_ACTIONS = ['create', 'update', 'retrieve', 'delete'] as const satisfies readonly Action[];
export const crudActionSchema = z.enum(CRUD_ACTIONS);

/** Each action's name as the console shows it. */
export const ACTION_LABELS = {
  create: m('action.create'),
  update: m('action.update'),
  retrieve: m('action.retrieve'),
  delete: m('action.delete'),
  export: m('action.export'),
} as const satisfies Record<Action, Message>;

export const loginRequestSchema = z.object({
  username: requiredString(100),
  password: z
    .string({ error: whenMissing(MESSAGES.required.key) })
    .min(1, { error: MESSAGES.required.key })
    .max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const rolePermissionSchema = z.object({
  permissionId: z.string(),
  actionEntitySet: z.array(actionSchema),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

/** The console languages and themes a user can choose; stored for the user. */
export const languageSchema = z.enum(LANGUAGES, { error: 'field.language' });

export const THEMES = ['light', 'dark'] as const;
export const themeSchema = z.enum(THEMES, { error: 'field.theme' });
export type Theme = z.infer<typeof themeSchema>;

/** A change of the signed-in user's own preferences names only what it changes. */
export const preferencesSchema = z
  .object({ language: languageSchema, theme: themeSchema })
  .partial()
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;
/** The user's preferences as stored: null where they have not chosen. */
export const userPreferencesSchema = z.object({
  language: languageSchema.nullable(),
  theme: themeSchema.nullable(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const userInfoSchema = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** True while the first sign-in must replace a generated password. */
  mustChangePassword: z.boolean(),
  /** True when the password is older than the policy's maximum age (`/overdue`). */
  passwordExpired: z.boolean(),
  /**
   * True while a role the user holds requires two-factor sign-in and they have not set it up:
   * until they do, the session reaches only the set-up (and sign-out, preferences).
   */
  twoFactorEnrolmentRequired: z.boolean(),
  role: z.object({
    id: z.string(),
    name: z.string(),
    permissions: z.array(rolePermissionSchema),
  }),
  roles: z.array(z.string()),
  /** The user's chosen console language and theme; null until they choose (the browser's then). */
  language: languageSchema.nullable(),
  theme: themeSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** The login result of spec §3: `code` 0 is success. */
export const loginResultSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  result: z.object({
    token: z.string().optional(),
    userInfo: userInfoSchema,
  }),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const changePasswordRequestSchema = z
  .object({
    oldPassword: z
      .string({ error: whenMissing(MESSAGES.required.key) })
      .min(1, { error: MESSAGES.required.key }),
    newPassword: z
      .string({ error: whenMissing(MESSAGES.required.key) })
      // The minimum is the policy's (Console Settings), which the server checks.
      .min(1, { error: MESSAGES.required.key })
      .max(1024),
  })
  .refine((v) => v.oldPassword !== v.newPassword, {
    path: ['newPassword'],
    error: MESSAGES.passwordSameAsOld.key,
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const unlockRequestSchema = z.object({
  password: z.string({ error: whenMissing(MESSAGES.required.key) }).min(1, { error: MESSAGES.required.key }),
});
