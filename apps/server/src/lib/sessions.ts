import type { Action } from '@gatehouse/contract';
import type { Database } from '../db/client.ts';
import { type AppScope, unionScopes } from './app-scope.ts';
import type { AuditContext } from './audit.ts';
import * as repo from './session-repository.ts';
import { hashToken } from './tokens.ts';

export type AuthUser = {
  userId: string;
  username: string;
  name: string;
  avatar: string | null;
  mustChangePassword: boolean;
};

/** What one platform permission grants: each action with the applications it reaches. */
export type PlatformGrant = Map<Action, AppScope>;

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
};

export type RequestMeta = AuditContext & { userAgent: string | null };

/** Writes to last_seen_at at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,256})\s*$/i.exec(header);
  return match?.[1];
}

function toAuthUser(row: repo.UserRow): AuthUser {
  return {
    userId: row.userId,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    mustChangePassword: row.mustChangePassword,
  };
}

/** The applications the caller may act on with `action` on `permissionId`; null when not granted. */
export function scopeOf(auth: AuthState, permissionId: string, action: Action): AppScope | null {
  if (auth.isAdministrator) return 'all';
  return auth.grants.get(permissionId)?.get(action) ?? null;
}

/**
 * Session resolution: who a bearer token belongs to and what their roles grant. It sits
 * below the modules so the access guards and the auth module read the caller the same way.
 */
export class SessionResolver {
  constructor(private readonly db: Database) {}

  /** The caller of an `Authorization: Bearer` header, or null when it names no live session. */
  async resolve(authorization: string | undefined): Promise<AuthState | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    const found = await repo.findLiveSession(this.db, hashToken(token));
    if (!found) return null;
    if (Date.now() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repo.touchSession(this.db, found.session.sessionId);
    }
    return this.stateFor(found.user, found.session.sessionId);
  }

  /** The user with the grants of all their enabled roles merged, as a request sees them. */
  async stateFor(user: repo.UserRow, sessionId: string): Promise<AuthState> {
    const rows = await repo.findRoleGrants(this.db, user.userId);
    const grants = new Map<string, PlatformGrant>();
    const roleIds: string[] = [];
    const roleNames: string[] = [];
    let isAdministrator = false;
    for (const row of rows) {
      if (!roleIds.includes(row.roleId)) {
        roleIds.push(row.roleId);
        roleNames.push(row.name);
        isAdministrator ||= row.builtin;
      }
      if (row.permissionId === null) continue;
      const grant = grants.get(row.permissionId) ?? new Map<Action, AppScope>();
      const scope: AppScope = row.applicationIds === null ? 'all' : new Set(row.applicationIds);
      for (const action of row.actions ?? [])
        grant.set(action, unionScopes(grant.get(action) ?? null, scope));
      grants.set(row.permissionId, grant);
    }
    return { sessionId, user: toAuthUser(user), isAdministrator, grants, roleIds, roleNames };
  }
}
