import {
  ACTIONS,
  type Group,
  type Holdings as HoldingsView,
  type Role,
  type User,
} from '@gatehouse/contract';
import type { Database } from '../../db/client.ts';
import { type AppScope, unionScopes } from '../../lib/app-scope.ts';
import { type AuthState, scopeOf } from '../../lib/auth-state.ts';
import {
  type Actor,
  assignableGroups,
  assignableRoles,
  manageableGroups,
  manageableRoles,
  manageableUsers,
} from './delegation.ts';
import { holdingsOf } from './holdings.ts';
import * as repo from './repository.ts';

const NONE: AppScope = new Set();

/** The scope of the update grant on an area, or none. */
const updateScope = (auth: AuthState, permissionId: string): AppScope =>
  scopeOf(auth, permissionId, 'update') ?? NONE;

/**
 * What the console needs to offer only what delegation allows: the caller's holdings, and
 * for each user, group or role it lists whether the caller may change it or hand it out.
 * The server checks every change regardless (delegation.ts); these only shape the screens.
 */
export class AccessService {
  constructor(private readonly db: Database) {}

  private async actor(auth: AuthState): Promise<Actor> {
    return { userId: auth.user.userId, holdings: await holdingsOf(this.db, auth.user.userId) };
  }

  /** The caller's holdings, as the role grants screen offers them. */
  async holdings(auth: AuthState): Promise<HoldingsView> {
    if (auth.isAdministrator) return { administrator: true, platform: [], permissions: [], resources: [] };
    const { grants } = (await this.actor(auth)).holdings;
    return {
      administrator: false,
      platform: [...grants.platform].map(([permissionId, actions]) => ({
        permissionId,
        actions: ACTIONS.filter((a) => actions.has(a)).map((action) => {
          const scope = actions.get(action)!;
          return { action, applicationIds: scope === 'all' ? null : [...scope].sort() };
        }),
      })),
      permissions: [...grants.permissions].flatMap(([applicationId, perms]) =>
        [...perms].map(([permissionId, actions]) => ({
          applicationId,
          permissionId,
          actions: ACTIONS.filter((a) => actions.has(a)),
        })),
      ),
      resources: [...grants.resources.keys()],
    };
  }

  async annotateUsers<T extends User>(auth: AuthState | null, users: T[]): Promise<T[]> {
    if (!auth || users.length === 0) return users;
    if (auth.isAdministrator) return users.map((u) => ({ ...u, manageable: true }));
    const ok = await manageableUsers(
      this.db,
      await this.actor(auth),
      users.map((u) => u.userId),
      updateScope(auth, 'admin-setting.manage-user'),
    );
    return users.map((u) => ({ ...u, manageable: ok.has(u.userId) }));
  }

  async annotateRoles<T extends Role>(auth: AuthState | null, roles: T[]): Promise<T[]> {
    if (!auth || roles.length === 0) return roles;
    const held = new Set(auth.roleIds);
    if (auth.isAdministrator)
      return roles.map((r) => ({ ...r, manageable: true, assignable: true, held: held.has(r.roleId) }));
    const actor = await this.actor(auth);
    const ids = roles.map((r) => r.roleId);
    const manageable = await manageableRoles(
      this.db,
      actor,
      ids,
      updateScope(auth, 'admin-setting.manage-role'),
    );
    const assignable = await assignableRoles(this.db, actor, ids, assignScope(auth));
    // Held directly or through a group, whatever the status: the role cannot be widened.
    const holders = await repo.holdersOfRoles(this.db, ids);
    const own = new Set(holders.filter((h) => h.userId === auth.user.userId).map((h) => h.roleId));
    return roles.map((r) => ({
      ...r,
      manageable: manageable.has(r.roleId),
      assignable: assignable.has(r.roleId),
      held: own.has(r.roleId),
    }));
  }

  async annotateGroups<T extends Group>(auth: AuthState | null, groups: T[]): Promise<T[]> {
    if (!auth || groups.length === 0) return groups;
    if (auth.isAdministrator) return groups.map((g) => ({ ...g, manageable: true, assignable: true }));
    const actor = await this.actor(auth);
    const ids = groups.map((g) => g.groupId);
    const manageable = await manageableGroups(
      this.db,
      actor,
      ids,
      updateScope(auth, 'admin-setting.manage-group'),
    );
    const assignable = await assignableGroups(this.db, actor, ids, assignScope(auth));
    return groups.map((g) => ({
      ...g,
      manageable: manageable.has(g.groupId),
      assignable: assignable.has(g.groupId),
    }));
  }
}

/** Where the caller hands roles out: to users (their roles, their groups) or to groups (their roles, their members). */
function assignScope(auth: AuthState): AppScope {
  return unionScopes(
    scopeOf(auth, 'admin-setting.manage-user', 'update'),
    scopeOf(auth, 'admin-setting.manage-group', 'update') ?? NONE,
  );
}
