import type { CreateUser, UpdateUser, User } from '@gatehouse/contract';

/** The user form's values, and the bodies the server takes for them. */
export type UserFormValues = {
  username: string;
  name: string;
  email: string;
  phone?: string | null;
  avatar?: string | null;
  organizationId?: string | null;
  /** CREATE only: blank has the server generate one, shown once. */
  password?: string;
  /** CREATE only. */
  mustChangePassword?: boolean;
};

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/** The create body: a blank password is none, so the server generates one. */
export function toCreateUser(values: UserFormValues): CreateUser {
  return {
    username: values.username.trim(),
    name: values.name,
    email: values.email,
    phone: blankToNull(values.phone),
    avatar: blankToNull(values.avatar),
    organizationId: values.organizationId ?? null,
    ...(values.password ? { password: values.password } : {}),
    mustChangePassword: values.mustChangePassword ?? true,
  };
}

/** The update body: the username and password are not edited here. */
export function toUpdateUser(values: UserFormValues, user: Pick<User, 'userId'>): UpdateUser {
  return {
    userId: user.userId,
    name: values.name,
    email: values.email,
    phone: blankToNull(values.phone),
    avatar: blankToNull(values.avatar),
    organizationId: values.organizationId ?? null,
  };
}
