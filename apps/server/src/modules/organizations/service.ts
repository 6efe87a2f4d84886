import {
  type CreateOrganization,
  countsOf,
  IDENTITY_MESSAGES,
  type Organization,
  type OrganizationListQuery,
  type Page,
  type Status,
  type UpdateOrganization,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { AppScope } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { DUPLICATE_CODE } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { refused, validationFailed } from '../../lib/errors.ts';
import { given } from '../../lib/listing.ts';
import { assertAllExist } from '../../lib/records.ts';
import { actorOf, assertMayChangeUsers } from '../access/delegation.ts';
import { endingAccessOnSuspension } from '../access/endings.ts';
import { keepingAdministration } from '../users/administration.ts';
import * as repo from './repository.ts';

const ENTITY = 'organization';

function toOrganization(row: repo.OrganizationWithTree): Organization {
  return {
    organizationId: row.organizationId,
    name: row.name,
    code: row.code,
    description: row.description,
    status: row.status,
    parentId: row.parentId,
    path: row.path,
    childCount: row.childCount,
    memberCount: row.memberCount,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

function requireOrganization(db: Executor, organizationId: string): Promise<repo.OrganizationWithTree> {
  return foundByUuid(organizationId, (id) => repo.findWithTree(db, id));
}

/** The node locked for the change, as the API shows it. */
async function lockOrganization(tx: Executor, organizationId: string): Promise<Organization> {
  await foundByUuid(organizationId, (id) => repo.findForUpdate(tx, id));
  return toOrganization(await requireOrganization(tx, organizationId));
}

/** Whether the list query names any search filter (else it asks for one level of the tree). */
function isSearch(query: OrganizationListQuery): boolean {
  return (
    given(query.keyword) ||
    given(query.name) ||
    given(query.code) ||
    (query.status?.length ?? 0) > 0 ||
    given(query.createdFrom) ||
    given(query.createdTo)
  );
}

export class OrganizationService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, ENTITY, DUPLICATE_CODE);
  }

  /**
   * With `parentId`: that node's children. Without it: the top level, or with any search
   * filter the matching nodes at every level. Each node carries its path from the root.
   */
  async list(query: OrganizationListQuery): Promise<Page<Organization>> {
    const level = query.parentId !== undefined ? 'children' : isSearch(query) ? 'all' : 'top';
    return pageOf(await repo.list(this.db, { ...query, level }), toOrganization);
  }

  async get(organizationId: string): Promise<Organization> {
    return toOrganization(await requireOrganization(this.db, organizationId));
  }

  async create(input: CreateOrganization, ctx: AuditContext): Promise<Organization> {
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const parentId = input.parentId ?? null;
      await repo.lockTree(tx);
      if (parentId !== null && !(await repo.find(tx, parentId))) {
        throw validationFailed({ parentId: IDENTITY_MESSAGES.unknownOrganization });
      }
      const row = await repo.insert(tx, {
        name: input.name,
        code: input.code,
        description: input.description || null,
        parentId,
      });
      // Under a disabled parent a new node starts inactive.
      await repo.refreshActive(tx, row.organizationId);
      const after = toOrganization((await repo.findWithTree(tx, row.organizationId))!);
      return { entityId: row.organizationId, after };
    });
  }

  /** Name, code and description; the place in the tree changes only by a move. */
  async update(input: UpdateOrganization, ctx: AuditContext): Promise<Organization> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await lockOrganization(tx, input.organizationId);
      await repo.update(tx, input.organizationId, {
        name: input.name,
        code: input.code,
        description: input.description || null,
      });
      const after = toOrganization(await requireOrganization(tx, input.organizationId));
      return { entityId: input.organizationId, before, after };
    });
  }

  /**
   * A disabled organization suspends everyone in it and under it: they cannot sign in, hold
   * nothing (their roles' grants, delegated administration included) and their sessions and
   * OIDC access end now. Enabling it again lets them back. Suspending an account is changing
   * it: the caller must be one who may change each member concerned, and no change may
   * leave no administrator.
   */
  async setStatus(
    organizationId: string,
    status: Status,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<Organization> {
    return this.audit.change(ctx, 'status', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        await repo.lockTree(tx);
        const before = await lockOrganization(tx, organizationId);
        const { endings } = await this.reshaping(tx, ctx, scope, organizationId, async () => {
          await repo.update(tx, organizationId, { status });
          await repo.refreshActive(tx, organizationId);
        });
        const after = toOrganization(await requireOrganization(tx, organizationId));
        return { entityId: organizationId, before, after, recordedAfter: { ...after, ...endings } };
      }),
    );
  }

  /**
   * Runs a change to the tree under the node (a status, a parent) and ends the access of
   * every member it suspends, once the caller is found to be one who may change them.
   */
  private async reshaping(
    tx: Executor,
    ctx: AuditContext,
    scope: AppScope,
    organizationId: string,
    change: () => Promise<void>,
  ) {
    // What the caller holds before the change, which may suspend them too.
    const actor = await actorOf(tx, ctx);
    const members = await repo.subtreeMemberIds(tx, organizationId);
    const { suspended, endedSessions, endedOidcSessionsAndGrants } = await endingAccessOnSuspension(
      tx,
      members,
      change,
    );
    await assertMayChangeUsers(tx, actor, suspended, scope);
    return { endings: { suspendedUsers: suspended.length, endedSessions, endedOidcSessionsAndGrants } };
  }

  /**
   * Puts the node under another, or at the top with null. Under the tree lock, the new
   * parent must exist and must not be the node or one of its descendants.
   */
  async move(
    organizationId: string,
    parentId: string | null,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<Organization> {
    return this.audit.change(ctx, 'move', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        await repo.lockTree(tx);
        const before = await lockOrganization(tx, organizationId);
        if (parentId !== null) {
          if (!(await repo.find(tx, parentId))) {
            throw validationFailed({ parentId: IDENTITY_MESSAGES.unknownOrganization });
          }
          if (await repo.isSelfOrAncestor(tx, organizationId, parentId)) {
            throw validationFailed({ parentId: IDENTITY_MESSAGES.organizationCycle });
          }
        }
        const { endings } = await this.reshaping(tx, ctx, scope, organizationId, async () => {
          await repo.update(tx, organizationId, { parentId });
          await repo.refreshActive(tx, organizationId);
        });
        const after = toOrganization(await requireOrganization(tx, organizationId));
        return { entityId: organizationId, before, after, recordedAfter: { ...after, ...endings } };
      }),
    );
  }

  /** Refused while the node has children or members; the message says how many. */
  async remove(organizationId: string, ctx: AuditContext): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      await repo.lockTree(tx);
      const before = await lockOrganization(tx, organizationId);
      if (before.childCount + before.memberCount > 0) {
        const uses = countsOf([
          [before.childCount, 'childOrganization'],
          [before.memberCount, 'member'],
        ]);
        throw refused(IDENTITY_MESSAGES.inUse(uses));
      }
      await repo.remove(tx, organizationId);
      return { entityId: organizationId, before, after: undefined };
    });
  }

  /**
   * Makes exactly these users the node's members. A user belongs to at most one node, so a
   * user listed here leaves the one they were in. A user's organization is part of their
   * account: each user joining or leaving is one the caller may change.
   */
  async setMembers(
    organizationId: string,
    userIds: string[],
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<Organization> {
    const wanted = [...new Set(userIds)];
    return this.audit.change(ctx, 'members', async (tx) =>
      keepingAdministration(tx, ctx.actorId, async () => {
        await lockOrganization(tx, organizationId);
        assertAllExist(
          await repo.existingUsers(tx, wanted),
          wanted,
          'userIds',
          IDENTITY_MESSAGES.unknownUser,
        );
        const before = await repo.memberIds(tx, organizationId);
        const moved = [
          ...wanted.filter((id) => !before.includes(id)),
          ...before.filter((id) => !wanted.includes(id)),
        ];
        await assertMayChangeUsers(tx, await actorOf(tx, ctx), moved, scope);
        // Joining a disabled organization suspends the user, with their sessions and OIDC access.
        const { endedSessions, endedOidcSessionsAndGrants } = await endingAccessOnSuspension(tx, moved, () =>
          repo.replaceMembers(tx, organizationId, wanted),
        );
        const after = toOrganization(await requireOrganization(tx, organizationId));
        return {
          entityId: organizationId,
          before: { userIds: before },
          after,
          recordedAfter: { ...after, endedSessions, endedOidcSessionsAndGrants },
        };
      }),
    );
  }
}
