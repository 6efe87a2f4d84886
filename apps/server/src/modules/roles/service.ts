import {
  ACTIONS,
  actionsOf,
  CRUD_ACTIONS,
  type CreateRole,
  countsOf,
  IDENTITY_MESSAGES,
  type Message,
  type Page,
  type PermissionGrant,
  PLATFORM_APP_ID,
  type Role,
  type RoleGrants,
  type RoleListQuery,
  type Status,
  type UpdateRole,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import type { AuthState } from '../../lib/auth-state.ts';
import { DUPLICATE_CODE } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { refused, validationFailed } from '../../lib/errors.ts';
import {
  actorOf,
  assertHolds,
  assertMayChangeRoles,
  assertNotWideningOwnRole,
} from '../access/delegation.ts';
import { endingOidcOnRoleLoss } from '../access/endings.ts';
import { added } from '../access/grant-set.ts';
import { footprintsOfRoles } from '../access/holdings.ts';
import { holdersOfRoles } from '../access/repository.ts';
import type { AccessService } from '../access/service.ts';
import * as repo from './repository.ts';

const ENTITY = 'role';

function toRole(row: repo.RoleRow): Role {
  return {
    roleId: row.roleId,
    name: row.name,
    code: row.code,
    description: row.description,
    status: row.status,
    builtin: row.builtin,
    requireTwoFactor: row.requireTwoFactor,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

function toGrant(row: repo.PermissionGrantRow): PermissionGrant {
  return {
    applicationId: row.applicationId,
    permissionId: row.permissionId,
    actionEntitySet: ACTIONS.filter((a) => row.actions.includes(a)),
    ...(row.applicationIds === null ? {} : { applicationIds: row.applicationIds }),
  };
}

function requireRole(db: Executor, roleId: string, forUpdate = false): Promise<repo.RoleRow> {
  return foundByUuid(roleId, (id) => (forUpdate ? repo.findForUpdate(db, id) : repo.find(db, id)));
}

/** The built-in Administrator holds everything by definition; it is not edited. */
function assertNotBuiltin(row: repo.RoleRow): void {
  if (row.builtin) throw refused(IDENTITY_MESSAGES.builtinRole);
}

async function grantsOf(db: Executor, roleId: string): Promise<RoleGrants> {
  return {
    permissions: (await repo.permissionGrants(db, roleId)).map(toGrant),
    resources: await repo.resourceGrants(db, roleId),
  };
}

export class RoleService {
  /** `platformPermissionIds`: the area ids a platform grant may name (the console's and the routes'). */
  private readonly audit: EntityAudit;

  constructor(
    private readonly db: Database,
    private readonly platformPermissionIds: () => ReadonlySet<string>,
    private readonly access: AccessService,
  ) {
    this.audit = entityAudit(db, ENTITY, DUPLICATE_CODE);
  }

  /** Each role says whether the caller may change it, hand it out, and whether they hold it. */
  async list(query: RoleListQuery, _scope: AppScope, caller: AuthState | null): Promise<Page<Role>> {
    const page = pageOf(await repo.list(this.db, query), toRole);
    return { ...page, content: await this.access.annotateRoles(caller, page.content) };
  }

  async get(roleId: string, _scope: AppScope, caller: AuthState | null): Promise<Role> {
    const [role] = await this.access.annotateRoles(caller, [toRole(await requireRole(this.db, roleId))]);
    return role!;
  }

  async create(input: CreateRole, ctx: AuditContext): Promise<Role> {
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const row = await repo.insert(tx, {
        name: input.name,
        code: input.code,
        description: input.description || null,
        requireTwoFactor: input.requireTwoFactor ?? false,
      });
      return { entityId: row.roleId, after: toRole(row) };
    });
  }

  async update(input: UpdateRole, ctx: AuditContext, scope: AppScope): Promise<Role> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await requireRole(tx, input.roleId, true);
      assertNotBuiltin(before);
      await assertMayChangeRoles(tx, await actorOf(tx, ctx), [input.roleId], scope);
      const row = await repo.update(tx, input.roleId, {
        name: input.name,
        code: input.code,
        description: input.description || null,
        ...(input.requireTwoFactor === undefined ? {} : { requireTwoFactor: input.requireTwoFactor }),
      });
      return { entityId: row.roleId, before: toRole(before), after: toRole(row) };
    });
  }

  /**
   * A disabled role grants nothing to anyone who holds it, from their next request on, and
   * ends their OIDC access. Enabling it gives its holders its grants again, so only someone
   * who holds them may.
   */
  async setStatus(roleId: string, status: Status, ctx: AuditContext, scope: AppScope): Promise<Role> {
    return this.audit.change(ctx, 'status', async (tx) => {
      const before = await requireRole(tx, roleId, true);
      assertNotBuiltin(before);
      const actor = await actorOf(tx, ctx);
      await assertMayChangeRoles(tx, actor, [roleId], scope);
      if (status === 'ENABLED' && before.status !== 'ENABLED')
        assertHolds(actor, (await footprintsOfRoles(tx, [roleId])).get(roleId)!.grants);
      const holders = (await holdersOfRoles(tx, [roleId])).map((h) => h.userId);
      const { result: row, endedOidcSessionsAndGrants } = await endingOidcOnRoleLoss(tx, holders, () =>
        repo.update(tx, roleId, { status }),
      );
      const after = toRole(row);
      return {
        entityId: roleId,
        before: toRole(before),
        after,
        recordedAfter: { ...after, endedOidcSessionsAndGrants },
      };
    });
  }

  /** Refused while a user or a group holds the role; the message says how many. */
  async remove(roleId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const before = await requireRole(tx, roleId, true);
      assertNotBuiltin(before);
      await assertMayChangeRoles(tx, await actorOf(tx, ctx), [roleId], scope);
      const held = await repo.holders(tx, roleId);
      if (held.users + held.groups > 0) {
        const by = countsOf([
          [held.users, 'user'],
          [held.groups, 'group'],
        ]);
        throw refused(IDENTITY_MESSAGES.inUse(IDENTITY_MESSAGES.heldBy(by)));
      }
      const grants = await grantsOf(tx, roleId);
      await repo.remove(tx, roleId);
      return { entityId: roleId, before: { ...toRole(before), grants }, after: undefined };
    });
  }

  async grants(roleId: string): Promise<RoleGrants> {
    await requireRole(this.db, roleId);
    return grantsOf(this.db, roleId);
  }

  /**
   * Replaces the role's permission and resource grants, once every one of them checks out.
   * Delegation: the role lies within the caller's applications before and after, whatever
   * the change adds the caller holds, and a role the caller holds is not widened.
   */
  async setGrants(
    roleId: string,
    input: RoleGrants,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<RoleGrants> {
    return this.audit.change(ctx, 'grants', async (tx) => {
      assertNotBuiltin(await requireRole(tx, roleId, true));
      const grants = await this.checkGrants(tx, input);
      const actor = await actorOf(tx, ctx);
      await assertMayChangeRoles(tx, actor, [roleId], scope);
      const before = await grantsOf(tx, roleId);
      const held = (await footprintsOfRoles(tx, [roleId])).get(roleId)!.grants;
      await repo.replaceGrants(tx, roleId, grants.permissions, grants.resources);
      const after = (await footprintsOfRoles(tx, [roleId])).get(roleId)!.grants;
      const change = added(after, held);
      assertHolds(actor, change);
      await assertNotWideningOwnRole(tx, actor, roleId, change);
      await assertMayChangeRoles(tx, actor, [roleId], scope);
      return { entityId: roleId, before, after: await grantsOf(tx, roleId) };
    });
  }

  /**
   * What a grants body may name, each failure a 400 on its field: an application that
   * exists; for `platform` an area id the console or a route knows, for another application
   * one of its own permissions; each (application, permission) once; `applicationIds` only
   * on a platform grant and only of existing applications; resources that exist.
   */
  private async checkGrants(
    tx: Executor,
    input: RoleGrants,
  ): Promise<{ permissions: repo.PermissionGrantRow[]; resources: string[] }> {
    const fields: Record<string, Message> = {};
    const named = new Set(input.permissions.flatMap((g) => [g.applicationId, ...(g.applicationIds ?? [])]));
    const applications = await repo.existingApplications(tx, [...named]);
    const known = await this.knownPermissions(tx, input.permissions);
    const seen = new Set<string>();
    for (const [i, grant] of input.permissions.entries()) {
      const at = `permissions.${i}`;
      const key = JSON.stringify([grant.applicationId, grant.permissionId]);
      if (!applications.has(grant.applicationId)) {
        fields[`${at}.applicationId`] = IDENTITY_MESSAGES.unknownApplication;
      } else if (!known.get(grant.applicationId)?.has(grant.permissionId)) {
        fields[`${at}.permissionId`] = IDENTITY_MESSAGES.unknownPermission;
      } else if (seen.has(key)) {
        fields[`${at}.permissionId`] = IDENTITY_MESSAGES.duplicateGrant;
      }
      seen.add(key);
      const offered = actionsOf(grant.applicationId, grant.permissionId);
      // The four of spec §6 stay accepted everywhere, as before a permission named its own:
      // grants made then keep saving. An action beyond them (`export`) only where offered.
      const notOffered = grant.actionEntitySet.filter(
        (a) => !offered.includes(a) && !(CRUD_ACTIONS as readonly string[]).includes(a),
      );
      if (notOffered.length > 0) {
        fields[`${at}.actionEntitySet`] = IDENTITY_MESSAGES.actionNotOffered([...new Set(notOffered)]);
      }
      if (grant.applicationIds !== undefined) {
        if (grant.applicationId !== PLATFORM_APP_ID) {
          fields[`${at}.applicationIds`] = IDENTITY_MESSAGES.scopeOnlyOnPlatform;
        } else if (grant.applicationIds.some((id) => !applications.has(id))) {
          fields[`${at}.applicationIds`] = IDENTITY_MESSAGES.unknownApplication;
        }
      }
    }
    const resources = [...new Set(input.resources)];
    const existing = await repo.existingResources(tx, resources);
    if (resources.some((id) => !existing.has(id))) fields.resources = IDENTITY_MESSAGES.unknownResource;
    if (Object.keys(fields).length > 0) throw validationFailed(fields);
    return {
      permissions: input.permissions.map((g) => ({
        applicationId: g.applicationId,
        permissionId: g.permissionId,
        actions: ACTIONS.filter((a) => g.actionEntitySet.includes(a)),
        applicationIds: g.applicationIds === undefined ? null : [...new Set(g.applicationIds)],
      })),
      resources,
    };
  }

  /** Per application the grants name, the permission ids it has among those they name. */
  private async knownPermissions(
    tx: Executor,
    grants: PermissionGrant[],
  ): Promise<Map<string, ReadonlySet<string>>> {
    const others = grants.filter((g) => g.applicationId !== PLATFORM_APP_ID);
    const rows = await repo.existingPermissions(
      tx,
      [...new Set(others.map((g) => g.applicationId))],
      [...new Set(others.map((g) => g.permissionId))],
    );
    const known = new Map<string, Set<string>>();
    for (const row of rows)
      known.set(row.applicationId, (known.get(row.applicationId) ?? new Set()).add(row.id));
    return new Map<string, ReadonlySet<string>>([...known, [PLATFORM_APP_ID, this.platformPermissionIds()]]);
  }
}
