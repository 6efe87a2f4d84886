import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { requiredString } from './common.ts';

export const ACTIONS = ['create', 'update', 'retrieve', 'delete'] as const;
export const actionSchema = z.enum(ACTIONS);
export type Action = z.infer<typeof actionSchema>;

export const loginRequestSchema = z.object({
  username: requiredString(100),
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const rolePermissionSchema = z.object({
  permissionId: z.string(),
  actionEntitySet: z.array(actionSchema),
});
export type RolePermission = z.infer<typeof rolePermissionSchema>;

export const userInfoSchema = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** True while the first sign-in must replace a generated password. */
  mustChangePassword: z.boolean(),
  role: z.object({
    id: z.string(),
    name: z.string(),
    permissions: z.array(rolePermissionSchema),
  }),
  roles: z.array(z.string()),
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

export const MIN_PASSWORD_LENGTH = 12;

export const changePasswordRequestSchema = z
  .object({
    oldPassword: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
    newPassword: z
      .string({ error: MESSAGES.required })
      .min(MIN_PASSWORD_LENGTH, { error: MESSAGES.passwordTooShort })
      .max(1024),
  })
  .refine((v) => v.oldPassword !== v.newPassword, {
    path: ['newPassword'],
    error: MESSAGES.passwordSameAsOld,
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const unlockRequestSchema = z.object({
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
});
