import { z } from 'zod';
import { multi, requiredString, searchQuerySchema, statusSchema, timestamps } from './common.ts';
import { MESSAGES } from './messages.ts';
import { whenMissing } from './zod-messages.ts';

/**
 * Users (v2 `user`). The username is unique without regard to case; the password hash never
 * leaves the server, and a generated password is returned once, as `initialPassword`.
 */

export const MAX_PASSWORD_LENGTH = 128;

export const usernameSchema = requiredString(100).regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]*$/, {
  error: 'field.username',
});
export const emailSchema = z
  .string({ error: whenMissing(MESSAGES.required.key) })
  .trim()
  .max(254)
  .pipe(z.email({ error: 'field.email' }));
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const avatarSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { error: 'field.url' })
  .nullish();
export const newPasswordSchema = z
  .string({ error: whenMissing(MESSAGES.required.key) })
  // The minimum is the policy's (Console Settings), which the server checks.
  .min(1, { error: MESSAGES.required.key })
  .max(MAX_PASSWORD_LENGTH);

export const userSchema = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  status: statusSchema,
  organizationId: z.string().nullable(),
  mustChangePassword: z.boolean(),
  lastSignInDate: z.string().nullable(),
  ...timestamps,
  /**
   * In a list or a read: whether the caller may change this account (delegation: only an
   * administrator changes an administrator, a limited manager only accounts within their
   * applications, nobody an account with console rights they do not hold).
   */
  manageable: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const createUserSchema = z.object({
  username: usernameSchema,
  name: requiredString(200),
  email: emailSchema,
  phone: optionalText(50),
  avatar: avatarSchema,
  organizationId: z.uuid().nullish(),
  /** Without one, the server generates a password and returns it once. */
  password: newPasswordSchema.optional(),
  /** Defaults to true: the user chooses their own password at the first sign-in. */
  mustChangePassword: z.boolean().optional(),
});
export type CreateUser = z.infer<typeof createUserSchema>;
/** The create answer: the record, and the generated password when there was none. */
export const createdUserSchema = userSchema.extend({ initialPassword: z.string().optional() });
export type CreatedUser = z.infer<typeof createdUserSchema>;

export const updateUserSchema = z.object({
  userId: z.uuid({ error: MESSAGES.required.key }),
  name: requiredString(200),
  email: emailSchema,
  phone: optionalText(50),
  avatar: avatarSchema,
  organizationId: z.uuid().nullish(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const userListQuerySchema = searchQuerySchema.extend({
  username: z.string().trim().max(100).optional(),
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(254).optional(),
  status: multi(statusSchema),
  organizationId: z.uuid().optional(),
  roleId: z.uuid().optional(),
  groupId: z.uuid().optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const setUserRolesSchema = z.object({ roleIds: z.array(z.uuid()).max(100) });
export const setUserGroupsSchema = z.object({ groupIds: z.array(z.uuid()).max(100) });

/** The roles and groups a user holds, with their names for the pickers. */
export const namedRefSchema = z.object({ id: z.string(), name: z.string(), code: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;
export const userMembershipSchema = z.object({
  roles: z.array(namedRefSchema),
  groups: z.array(namedRefSchema),
});
export type UserMembership = z.infer<typeof userMembershipSchema>;

/** An administrator's reset: a given password, or one generated and returned once. */
export const resetPasswordSchema = z.object({ password: newPasswordSchema.optional() });
export const resetPasswordResultSchema = z.object({ initialPassword: z.string().optional() });

export const userSessionSchema = z.object({
  sessionId: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdDate: z.string(),
  lastSeenDate: z.string(),
  expiresDate: z.string(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
