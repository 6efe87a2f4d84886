import {
  type AppPage,
  type AppPageListQuery,
  CATALOG_MESSAGES,
  type CreateAppPage,
  type CreatePageElement,
  type Page,
  type UpdateAppPage,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, assertSameApplication } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { DUPLICATE_CODE } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, pageOf } from '../../lib/entity-service.ts';
import { notFound, refused } from '../../lib/errors.ts';
import { assertAllExist } from '../../lib/records.ts';
import {
  actorOf,
  assertHolds,
  assertMayChangeRoles,
  assertNotWideningOwnRole,
} from '../access/delegation.ts';
import { GrantSet } from '../access/grant-set.ts';
import { applicationExists, foundInScope } from '../applications/in-scope.ts';
import * as repo from './repository.ts';

function toPage(row: repo.PageRow, elements: repo.ElementWithRoles[]): AppPage {
  return {
    pageId: row.pageId,
    applicationId: row.applicationId,
    name: row.name,
    route: row.route,
    order: row.order,
    status: row.status,
    elements: elements
      .filter((e) => e.pageId === row.pageId)
      .map((e) => ({ elementId: e.elementId, code: e.code, name: e.name, roleIds: e.roleIds })),
    createdDate: row.createdAt.toISOString(),
    lastModifiedDate: row.updatedAt.toISOString(),
  };
}

async function withElements(db: Executor, row: repo.PageRow): Promise<AppPage> {
  return toPage(row, await repo.elementsOf(db, [row.pageId]));
}

/** Element codes of an application, as what they give. */
const elementsOf = (applicationId: string, codes: string[]) =>
  GrantSet.of(codes.map((code) => ({ kind: 'element' as const, applicationId, code })));

/**
 * Pages of an application (v2 `application/pages`) and their elements (buttons): a flat
 * page-and-button model beside the resource tree. An enabled element of an enabled page is
 * shown to the holders of its roles: it joins the OIDC `elements` claim of the application.
 */
export class AppPageService {
  private readonly audit: EntityAudit;
  private readonly elementAudit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'application-page', {
      field: 'route',
      message: CATALOG_MESSAGES.duplicateRoute,
    });
    this.elementAudit = entityAudit(db, 'application-page', DUPLICATE_CODE);
  }

  async list(query: AppPageListQuery): Promise<Page<AppPage>> {
    await applicationExists(this.db, query.applicationId);
    const page = await repo.list(this.db, query);
    const elements = await repo.elementsOf(
      this.db,
      page.rows.map((r) => r.pageId),
    );
    return pageOf(page, (row) => toPage(row, elements));
  }

  async get(pageId: string, scope: AppScope): Promise<AppPage> {
    return withElements(this.db, await foundInScope(pageId, scope, (id) => repo.find(this.db, id)));
  }

  async create(input: CreateAppPage, ctx: AuditContext): Promise<AppPage> {
    await applicationExists(this.db, input.applicationId);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const row = await repo.insert(tx, {
        applicationId: input.applicationId,
        name: input.name,
        route: input.route,
        order: input.order,
        status: input.status ?? 'ENABLED',
      });
      return { entityId: row.pageId, after: toPage(row, []) };
    });
  }

  /**
   * `PUT pages/{id}`: a disabled page hides its elements from everyone. Enabled again, it
   * shows them to their roles' holders once more, so only someone who holds them may.
   */
  async update(pageId: string, input: UpdateAppPage, ctx: AuditContext, scope: AppScope): Promise<AppPage> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await foundInScope(pageId, scope, (id) => repo.findForUpdate(tx, id));
      assertSameApplication(before.applicationId, input.applicationId);
      if (input.status === 'ENABLED' && before.status !== 'ENABLED') {
        const shown = (await withElements(tx, before)).elements.filter((e) => e.roleIds.length > 0);
        assertHolds(
          await actorOf(tx, ctx),
          elementsOf(
            before.applicationId,
            shown.map((e) => e.code),
          ),
        );
      }
      const row = await repo.update(tx, pageId, {
        name: input.name,
        route: input.route,
        order: input.order,
        ...(input.status ? { status: input.status } : {}),
      });
      return { entityId: pageId, before: await withElements(tx, before), after: await withElements(tx, row) };
    });
  }

  /** Refused while the page has elements: "Used by 2 elements: a, b". */
  async remove(pageId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const before = await withElements(
        tx,
        await foundInScope(pageId, scope, (id) => repo.findForUpdate(tx, id)),
      );
      if (before.elements.length > 0) {
        const codes = before.elements.map((e) => e.code);
        throw refused(CATALOG_MESSAGES.usedBy(codes.length, 'element', codes.slice(0, 5)));
      }
      await repo.remove(tx, pageId);
      return { entityId: pageId, before, after: undefined };
    });
  }

  /**
   * Adds an element (its code unique in the application), shown to the holders of
   * `roleIds`: a grant to those roles, so the caller must be one who may change them, must
   * hold the element, and may not widen a role they hold.
   */
  async addElement(
    pageId: string,
    input: CreatePageElement,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<AppPage> {
    const roleIds = [...new Set(input.roleIds ?? [])];
    return this.elementAudit.uniqueChange(ctx, 'add-element', async (tx) => {
      const page = await foundInScope(pageId, scope, (id) => repo.findForUpdate(tx, id));
      assertAllExist(await repo.existingRoles(tx, roleIds), roleIds, 'roleIds', CATALOG_MESSAGES.unknownRole);
      const before = await withElements(tx, page);
      if (roleIds.length > 0) {
        const actor = await actorOf(tx, ctx);
        const given = elementsOf(page.applicationId, [input.code]);
        await assertMayChangeRoles(tx, actor, roleIds, scope);
        assertHolds(actor, given);
        for (const roleId of roleIds) await assertNotWideningOwnRole(tx, actor, roleId, given);
      }
      const element = await repo.insertElement(tx, {
        pageId,
        applicationId: page.applicationId,
        code: input.code,
        name: input.name,
      });
      await repo.grantElement(tx, element.elementId, roleIds);
      return { entityId: pageId, before, after: await withElements(tx, page) };
    });
  }

  /** Deletes the page's element by its code; a 404 when the page has none such. */
  async removeElement(pageId: string, code: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.elementAudit.change(ctx, 'remove-element', async (tx) => {
      const page = await foundInScope(pageId, scope, (id) => repo.findForUpdate(tx, id));
      const before = await withElements(tx, page);
      if (!(await repo.removeElement(tx, pageId, code))) throw notFound();
      return { entityId: pageId, before, after: await withElements(tx, page) };
    });
  }
}
