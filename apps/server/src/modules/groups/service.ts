import {
  type CreateGroup,
  countsOf,
  type Group,
  type GroupListQuery,
  IDENTITY_MESSAGES,
  type NamedRef,
  type Page,
  type Status,
  type UpdateGroup,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import type { AuthState } from '../../lib/auth-state.ts';
import { DUPLICATE_CODE } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { refused } from '../../lib/errors.ts';
import { assertAllExist } from '../../lib/records.ts';
import {
  type Actor,
  actorOf,
  assertHolds,
  assertMayAssignGroups,
  assertMayAssignRoles,
  assertMayChangeGroups,
  assertMayChangeUsers,
  assertNoAdministratorMembers,
} from '../access/delegation.ts';
import { endingOidcOnRoleLoss } from '../access/endings.ts';
import { footprintsOfGroups } from '../access/holdings.ts';
import type { AccessService } from '../access/service.ts';
import { keepingAdministration } from '../users/administration.ts';
import * as repo from './repository.ts';

const ENTITY = 'group';

function toGroup(row: repo.GroupWithCount): Group {
  return {
    groupId: row.groupId,
    name: row.name,
    code: row.code,
    description: row.description,
    status: row.status,
    memberCount: row.memberCount,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

function requireGroup(db: Executor, groupId: string): Promise<repo.GroupWithCount> {
  return foundByUuid(groupId, (id) => repo.findWithCount(db, id));
}

/** The group locked for the change, with its member count. */
async function lockGroup(tx: Executor, groupId: string): Promise<repo.GroupWithCount> {
  await foundByUuid(groupId, (id) => repo.findForUpdate(tx, id));
  return requireGroup(tx, groupId);
}

/**
 * The group locked for a change by the caller, who may change it (delegation: within their
 * applications; one that gives the built-in role, an administrator's).
 */
async function lockGroupFor(
  tx: Executor,
  ctx: AuditContext,
  groupId: string,
  scope: AppScope,
): Promise<{ group: repo.GroupWithCount; actor: Actor }> {
  const group = await lockGroup(tx, groupId);
  const actor = await actorOf(tx, ctx);
  await assertMayChangeGroups(tx, actor, [groupId], scope);
  return { group, actor };
}

export class GroupService {
  private readonly audit: EntityAudit;

  constructor(
    private readonly db: Database,
    private readonly access: AccessService,
  ) {
    this.audit = entityAudit(db, ENTITY, DUPLICATE_CODE);
  }

  /** Each group says whether the caller may change it and add members to it. */
  async list(query: GroupListQuery, _scope: AppScope, caller: AuthState | null): Promise<Page<Group>> {
    const page = pageOf(await repo.list(this.db, query), toGroup);
    return { ...page, content: await this.access.annotateGroups(caller, page.content) };
  }

  async get(groupId: string, _scope: AppScope, caller: AuthState | null): Promise<Group> {
    const [group] = await this.access.annotateGroups(caller, [toGroup(await requireGroup(this.db, groupId))]);
    return group!;
  }

  async create(input: CreateGroup, ctx: AuditContext): Promise<Group> {
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const row = await repo.insert(tx, {
        name: input.name,
        code: input.code,
        description: input.description || null,
      });
      return { entityId: row.groupId, after: toGroup({ ...row, memberCount: 0 }) };
    });
  }

  async update(input: UpdateGroup, ctx: AuditContext, scope: AppScope): Promise<Group> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const { group: before } = await lockGroupFor(tx, ctx, input.groupId, scope);
      const row = await repo.update(tx, input.groupId, {
        name: input.name,
        code: input.code,
        description: input.description || null,
      });
      const after = toGroup({ ...row, memberCount: before.memberCount });
      return { entityId: row.groupId, before: toGroup(before), after };
    });
  }

  /**
   * A disabled group gives its members none of its roles, so disabling may end an
   * administration: with an administrator among the members, only an administrator changes
   * it. Enabling gives its roles again, so the caller must hold what they grant.
   */
  async setStatus(groupId: string, status: Status, ctx: AuditContext, scope: AppScope): Promise<Group> {
    return this.audit.change(ctx, 'status', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        const { group: before, actor } = await lockGroupFor(tx, ctx, groupId, scope);
        const members = await repo.memberIds(tx, groupId);
        await assertNoAdministratorMembers(tx, actor, [groupId]);
        if (status === 'ENABLED' && before.status !== 'ENABLED')
          assertHolds(actor, (await footprintsOfGroups(tx, [groupId])).get(groupId)!.grants);
        const { result: row, endedOidcSessionsAndGrants } = await endingOidcOnRoleLoss(tx, members, () =>
          repo.update(tx, groupId, { status }),
        );
        const after = toGroup({ ...row, memberCount: before.memberCount });
        return {
          entityId: groupId,
          before: toGroup(before),
          after,
          recordedAfter: { ...after, endedOidcSessionsAndGrants },
        };
      }),
    );
  }

  /** Refused while the group has members; its roles go with it. */
  async remove(groupId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const { group: before } = await lockGroupFor(tx, ctx, groupId, scope);
      if (before.memberCount > 0) {
        throw refused(IDENTITY_MESSAGES.inUse(countsOf([[before.memberCount, 'member']])));
      }
      const roles = await repo.rolesOf(tx, groupId);
      await repo.remove(tx, groupId);
      return { entityId: groupId, before: { ...toGroup(before), roles }, after: undefined };
    });
  }

  /**
   * Replaces the members; the users' roles through the group change with it. Each member
   * added or removed is an account the caller may change, and a member added gains the
   * group's roles, which the caller must be one who may hand out.
   */
  async setMembers(groupId: string, userIds: string[], ctx: AuditContext, scope: AppScope): Promise<Group> {
    const wanted = [...new Set(userIds)];
    return this.audit.change(ctx, 'members', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        const { actor } = await lockGroupFor(tx, ctx, groupId, scope);
        assertAllExist(
          await repo.existingUsers(tx, wanted),
          wanted,
          'userIds',
          IDENTITY_MESSAGES.unknownUser,
        );
        const before = await repo.memberIds(tx, groupId);
        const joining = wanted.filter((id) => !before.includes(id));
        const leaving = before.filter((id) => !wanted.includes(id));
        await assertMayChangeUsers(tx, actor, [...joining, ...leaving], scope);
        if (joining.length > 0) await assertMayAssignGroups(tx, actor, [groupId], scope);
        const { endedOidcSessionsAndGrants } = await endingOidcOnRoleLoss(tx, leaving, () =>
          repo.replaceMembers(tx, groupId, wanted),
        );
        const after = toGroup(await requireGroup(tx, groupId));
        return {
          entityId: groupId,
          before: { userIds: before },
          after,
          recordedAfter: { ...after, endedOidcSessionsAndGrants },
        };
      }),
    );
  }

  async roles(groupId: string): Promise<NamedRef[]> {
    await requireGroup(this.db, groupId);
    return repo.rolesOf(this.db, groupId);
  }

  /**
   * Replaces the roles the group gives its members: with an administrator among them, only
   * an administrator may; the caller must be one who may hand out every role added.
   */
  async setRoles(
    groupId: string,
    roleIds: string[],
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<NamedRef[]> {
    const wanted = [...new Set(roleIds)];
    return this.audit.change(ctx, 'roles', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        const { actor } = await lockGroupFor(tx, ctx, groupId, scope);
        assertAllExist(
          await repo.existingRoles(tx, wanted),
          wanted,
          'roleIds',
          IDENTITY_MESSAGES.unknownRole,
        );
        const members = await repo.memberIds(tx, groupId);
        await assertNoAdministratorMembers(tx, actor, [groupId]);
        const before = await repo.rolesOf(tx, groupId);
        const held = new Set(before.map((r) => r.id));
        await assertMayAssignRoles(
          tx,
          actor,
          wanted.filter((id) => !held.has(id)),
          scope,
        );
        const { endedOidcSessionsAndGrants } = await endingOidcOnRoleLoss(tx, members, () =>
          repo.replaceRoles(tx, groupId, wanted),
        );
        const after = await repo.rolesOf(tx, groupId);
        return {
          entityId: groupId,
          before,
          after,
          recordedAfter: { roles: after, endedOidcSessionsAndGrants },
        };
      }),
    );
  }
}
