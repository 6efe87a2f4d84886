import {
  type CreateGroup,
  type Group,
  type GroupListQuery,
  IDENTITY_MESSAGES,
  type NamedRef,
  type Page,
  type Status,
  type UpdateGroup,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { isUuid } from '../../lib/app-scope.ts';
import { type AuditContext, auditedChange } from '../../lib/audit.ts';
import { type Duplicate, duplicateIdAsConflict } from '../../lib/db-errors.ts';
import { countsOf, notFound, refused } from '../../lib/errors.ts';
import { assertAllExist } from '../../lib/records.ts';
import { assertMayChangeBuiltinHolding, keepingAdministration } from '../users/administration.ts';
import * as repo from './repository.ts';

const ENTITY = 'group';

const DUPLICATE_CODE: Duplicate = { field: 'code', message: IDENTITY_MESSAGES.duplicateCode };

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

async function requireGroup(db: Executor, groupId: string): Promise<repo.GroupWithCount> {
  const row = isUuid(groupId) ? await repo.findWithCount(db, groupId) : undefined;
  if (!row) throw notFound();
  return row;
}

/** The group locked for the change, with its member count. */
async function lockGroup(tx: Executor, groupId: string): Promise<repo.GroupWithCount> {
  if (!isUuid(groupId) || !(await repo.findForUpdate(tx, groupId))) throw notFound();
  return requireGroup(tx, groupId);
}

export class GroupService {
  constructor(private readonly db: Database) {}

  async list(query: GroupListQuery): Promise<Page<Group>> {
    const { rows, total } = await repo.list(this.db, query);
    return { content: rows.map(toGroup), totalElements: total };
  }

  async get(groupId: string): Promise<Group> {
    return toGroup(await requireGroup(this.db, groupId));
  }

  async create(input: CreateGroup, ctx: AuditContext): Promise<Group> {
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'create' }, async (tx) => {
        const row = await repo.insert(tx, {
          name: input.name,
          code: input.code,
          description: input.description || null,
        });
        return { entityId: row.groupId, after: toGroup({ ...row, memberCount: 0 }) };
      }),
      DUPLICATE_CODE,
    );
  }

  async update(input: UpdateGroup, ctx: AuditContext): Promise<Group> {
    return duplicateIdAsConflict(
      auditedChange(this.db, ctx, { entity: ENTITY, action: 'update' }, async (tx) => {
        const before = await lockGroup(tx, input.groupId);
        const row = await repo.update(tx, input.groupId, {
          name: input.name,
          code: input.code,
          description: input.description || null,
        });
        const after = toGroup({ ...row, memberCount: before.memberCount });
        return { entityId: row.groupId, before: toGroup(before), after };
      }),
      DUPLICATE_CODE,
    );
  }

  /** A disabled group gives its members none of its roles, so disabling may end an administration. */
  async setStatus(groupId: string, status: Status, ctx: AuditContext): Promise<Group> {
    return auditedChange(this.db, ctx, { entity: ENTITY, action: 'status' }, async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        const before = await lockGroup(tx, groupId);
        const row = await repo.update(tx, groupId, { status });
        return {
          entityId: groupId,
          before: toGroup(before),
          after: toGroup({ ...row, memberCount: before.memberCount }),
        };
      }),
    );
  }

  /** Refused while the group has members; its roles go with it. */
  async remove(groupId: string, ctx: AuditContext): Promise<void> {
    await auditedChange(this.db, ctx, { entity: ENTITY, action: 'delete' }, async (tx) => {
      const before = await lockGroup(tx, groupId);
      if (before.memberCount > 0) {
        throw refused(IDENTITY_MESSAGES.inUse(countsOf([[before.memberCount, 'member']])));
      }
      const roles = await repo.rolesOf(tx, groupId);
      await repo.remove(tx, groupId);
      return { entityId: groupId, before: { ...toGroup(before), roles }, after: undefined };
    });
  }

  /** Replaces the members; the users' roles through the group change with it. */
  async setMembers(groupId: string, userIds: string[], ctx: AuditContext): Promise<Group> {
    const wanted = [...new Set(userIds)];
    assertAllExist(
      await repo.existingUsers(this.db, wanted),
      wanted,
      'userIds',
      IDENTITY_MESSAGES.unknownUser,
    );
    return auditedChange(this.db, ctx, { entity: ENTITY, action: 'members' }, async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        await lockGroup(tx, groupId);
        const before = await repo.memberIds(tx, groupId);
        await repo.replaceMembers(tx, groupId, wanted);
        return {
          entityId: groupId,
          before: { userIds: before },
          after: toGroup(await requireGroup(tx, groupId)),
        };
      }),
    );
  }

  async roles(groupId: string): Promise<NamedRef[]> {
    await requireGroup(this.db, groupId);
    return repo.rolesOf(this.db, groupId);
  }

  /** Replaces the roles the group gives its members. */
  async setRoles(groupId: string, roleIds: string[], ctx: AuditContext): Promise<NamedRef[]> {
    const wanted = [...new Set(roleIds)];
    assertAllExist(
      await repo.existingRoles(this.db, wanted),
      wanted,
      'roleIds',
      IDENTITY_MESSAGES.unknownRole,
    );
    return auditedChange(this.db, ctx, { entity: ENTITY, action: 'roles' }, async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        await lockGroup(tx, groupId);
        const before = await repo.rolesOf(tx, groupId);
        const held = before.map((r) => r.id);
        await assertMayChangeBuiltinHolding(tx, ctx.actorId, held, wanted);
        await repo.replaceRoles(tx, groupId, wanted);
        return { entityId: groupId, before, after: await repo.rolesOf(tx, groupId) };
      }),
    );
  }
}
