import {
  type Acl,
  type AclListQuery,
  CATALOG_MESSAGES,
  type CreateAcl,
  type Message,
  type Page,
  type Status,
  type UpdateAcl,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, assertSameApplication } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { validationFailed } from '../../lib/errors.ts';
import { type Actor, actorOf, assertHolds } from '../access/delegation.ts';
import { added, GrantSet } from '../access/grant-set.ts';
import { grantOfAclEntry } from '../access/repository.ts';
import { applicationExists, foundInScope } from '../applications/in-scope.ts';
import * as repo from './repository.ts';

function toAcl(row: repo.AclRow): Acl {
  return {
    aclId: row.aclId,
    applicationId: row.applicationId,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    targetType: row.targetType,
    targetId: row.targetId,
    actions: row.actions,
    status: row.status,
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

/** The subject and the target must exist (the target in the entry's application). */
async function assertRefs(db: Executor, input: CreateAcl): Promise<void> {
  const fields: Record<string, Message> = {};
  if (!(await repo.subjectExists(db, input.applicationId, input.subjectType, input.subjectId))) {
    fields.subjectId = CATALOG_MESSAGES.unknownSubject;
  }
  if (!(await repo.targetExists(db, input.applicationId, input.targetType, input.targetId))) {
    fields.targetId = CATALOG_MESSAGES.unknownTarget;
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
}

/** What an entry gives its subject, as a grant set (empty for one that gives nothing). */
async function grantOf(db: Executor, entry: Parameters<typeof grantOfAclEntry>[1]): Promise<GrantSet> {
  const row = await grantOfAclEntry(db, entry);
  return GrantSet.of(row ? [row] : []);
}

/**
 * Delegation: an entry gives its subject what it names, so the caller must hold whatever a
 * new or changed entry gives beyond what it gave to the same subject before.
 */
async function assertMayGive(tx: Executor, actor: Actor, after: repo.AclRow, before?: repo.AclRow) {
  const sameSubject =
    before !== undefined && before.subjectType === after.subjectType && before.subjectId === after.subjectId;
  const had = sameSubject ? await grantOf(tx, before) : new GrantSet();
  assertHolds(actor, added(await grantOf(tx, after), had));
}

const valuesOf = (input: CreateAcl) => ({
  subjectType: input.subjectType,
  subjectId: input.subjectId,
  targetType: input.targetType,
  targetId: input.targetId,
  actions: [...new Set(input.actions)],
});

/**
 * Access-control entries (v2 `application/acl`): who may take which actions on which
 * permission or resource of an application. The OIDC claims and the entry check honour the
 * enabled ones (`aclPermissionGrants`, `hasAclEntry`).
 */
export class AclService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'application-acl', {
      field: 'subjectId',
      message: CATALOG_MESSAGES.duplicateAcl,
    });
  }

  async list(query: AclListQuery): Promise<Page<Acl>> {
    await applicationExists(this.db, query.applicationId);
    return pageOf(await repo.list(this.db, query), toAcl);
  }

  async get(aclId: string, scope: AppScope): Promise<Acl> {
    return toAcl(await foundInScope(aclId, scope, (id) => repo.find(this.db, id)));
  }

  async create(input: CreateAcl, ctx: AuditContext): Promise<Acl> {
    await applicationExists(this.db, input.applicationId);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      await assertRefs(tx, input);
      // What the caller holds before the entry, which may name them, exists.
      const actor = await actorOf(tx, ctx);
      const row = await repo.insert(tx, {
        applicationId: input.applicationId,
        ...valuesOf(input),
        status: input.status ?? 'ENABLED',
      });
      await assertMayGive(tx, actor, row);
      return { entityId: row.aclId, after: toAcl(row) };
    });
  }

  async update(input: UpdateAcl, ctx: AuditContext): Promise<Acl> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await foundByUuid(input.aclId, (id) => repo.findForUpdate(tx, id));
      assertSameApplication(before.applicationId, input.applicationId);
      await assertRefs(tx, input);
      const actor = await actorOf(tx, ctx);
      const row = await repo.update(tx, input.aclId, {
        ...valuesOf(input),
        ...(input.status ? { status: input.status } : {}),
      });
      await assertMayGive(tx, actor, row, before);
      return { entityId: row.aclId, before: toAcl(before), after: toAcl(row) };
    });
  }

  async setStatus(aclId: string, status: Status, ctx: AuditContext, scope: AppScope): Promise<Acl> {
    return this.audit.change(ctx, 'status', async (tx) => {
      const before = await foundInScope(aclId, scope, (id) => repo.findForUpdate(tx, id));
      // Enabled again, the entry gives its subject what it names once more.
      if (status === 'ENABLED' && before.status !== 'ENABLED')
        assertHolds(await actorOf(tx, ctx), await grantOf(tx, before));
      const row = await repo.update(tx, aclId, { status });
      return { entityId: aclId, before: toAcl(before), after: toAcl(row) };
    });
  }
}
