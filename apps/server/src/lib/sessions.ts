import type { Action } from '@gatehouse/contract';
import type { Database } from '../db/client.ts';
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

/** What an authenticated request knows about its caller. */
export type AuthState = {
  sessionId: string;
  user: AuthUser;
  /** permissionId → granted actions, merged over all of the user's roles. */
  permissions: Map<string, Set<Action>>;
  roleIds: string[];
  roleNames: string[];
};

export type RequestMeta = AuditContext & { userAgent: string | null };

/** Writes to last_seen_at at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

function bearerToken(header: string | undefined): string | undefined {
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

  /** The user with the permissions of all their roles merged, as a request sees them. */
  async stateFor(user: repo.UserRow, sessionId: string): Promise<AuthState> {
    const grants = await repo.findRoleGrants(this.db, user.userId);
    const permissions = new Map<string, Set<Action>>();
    const roleIds: string[] = [];
    const roleNames: string[] = [];
    for (const grant of grants) {
      if (!roleIds.includes(grant.roleId)) {
        roleIds.push(grant.roleId);
        roleNames.push(grant.name);
      }
      if (grant.permissionId === null) continue;
      const actions = permissions.get(grant.permissionId) ?? new Set<Action>();
      for (const action of grant.actions ?? []) actions.add(action);
      permissions.set(grant.permissionId, actions);
    }
    return { sessionId, user: toAuthUser(user), permissions, roleIds, roleNames };
  }
}
