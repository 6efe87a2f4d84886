import type { Action, Language, Theme } from '@gatehouse/contract';
import type { AppScope } from './app-scope.ts';
import type { AuditContext } from './audit.ts';

/**
 * Who calls, as the guards and the handlers see them: the signed-in user and what their
 * roles grant on the platform. The session resolver (modules/sessions) reads it; the access
 * module (modules/access) says what it holds.
 */

export type AuthUser = {
  userId: string;
  username: string;
  name: string;
  avatar: string | null;
  mustChangePassword: boolean;
  /** The console preferences the user chose; null until they choose. */
  language: Language | null;
  theme: Theme | null;
};

/** What one platform permission grants: each action with the applications it reaches. */
export type PlatformGrant = Map<Action, AppScope>;

/**
 * A caller that is not a console session: a service account's client-credentials token, or a
 * personal access token with its scope (the permission/action pairs it may use).
 */
export type MachineCredential =
  | { kind: 'service-account'; clientId: string }
  | {
      kind: 'personal-access-token';
      tokenId: string;
      scope: readonly { permissionId: string; action: Action }[];
    };

/** What an authenticated request knows about its caller. */
export type AuthState = {
  sessionId: string;
  user: AuthUser;
  /** Holds the built-in Administrator role: every check passes, in every application. */
  isAdministrator: boolean;
  /**
   * permissionId → its grant, merged over the user's enabled roles (their own and their
   * enabled groups'). An action's scope is the union of the scopes of the grants that give it.
   */
  grants: Map<string, PlatformGrant>;
  /** The enabled roles the user holds, for the menus. */
  roleIds: string[];
  roleNames: string[];
  /** Set when the caller is an OIDC access token: the application of the client it was issued to. */
  oauthApplicationId?: string;
  /**
   * The password is older than the policy's maximum age: until it is changed, the user
   * reaches only the routes a pending password change allows (`/overdue`).
   */
  passwordExpired: boolean;
  /**
   * Set for a machine caller of the admin API (modules/machine-access): it reaches only the
   * routes that check a grant, never those for the caller's own account (plugins/auth.ts).
   */
  machine?: MachineCredential;
  /**
   * An enabled role the user holds requires two-factor sign-in and they have none set up:
   * until they set it up, the user reaches only the routes that allow it (its set-up).
   */
  twoFactorEnrolmentRequired: boolean;
};

export type RequestMeta = AuditContext & { userAgent: string | null };

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,256})\s*$/i.exec(header);
  return match?.[1];
}

/** The applications the caller may act on with `action` on `permissionId`; null when not granted. */
export function scopeOf(auth: AuthState, permissionId: string, action: Action): AppScope | null {
  if (auth.isAdministrator) return 'all';
  return auth.grants.get(permissionId)?.get(action) ?? null;
}
