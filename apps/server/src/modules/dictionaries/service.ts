import {
  ALL_STATUSES,
  type CreateDictionary,
  type CreateDictionaryItem,
  DICTIONARY_MESSAGES,
  type Dictionary,
  type DictionaryItem,
  type DictionaryItemListQuery,
  type DictionaryListQuery,
  type LegacyDictionary,
  type Page,
  PLATFORM_APP_ID,
  type Status,
  type UpdateDictionary,
  type UpdateDictionaryItem,
} from '@gatehouse/contract';
import type { Database, Executor } from '../../db/client.ts';
import { type AppScope, assertInScope, assertSameApplication } from '../../lib/app-scope.ts';
import type { AuditContext } from '../../lib/audit.ts';
import { DUPLICATE_CODE } from '../../lib/db-errors.ts';
import { type EntityAudit, entityAudit, foundByUuid, pageOf } from '../../lib/entity-service.ts';
import { validationFailed } from '../../lib/errors.ts';
import { applicationExists, foundInScope } from '../applications/in-scope.ts';
import * as repo from './repository.ts';

const dates = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdDate: row.createdAt.toISOString(),
  lastModifiedDate: row.updatedAt.toISOString(),
});

function toDictionary(row: repo.DictionaryRow): Dictionary {
  const { dictionaryId, applicationId, code, name, description, allowCustom, status } = row;
  return { dictionaryId, applicationId, code, name, description, allowCustom, status, ...dates(row) };
}

function toItem(row: repo.ItemRow): DictionaryItem {
  const { itemId, dictionaryId, code, labelEn, labelZh, order, status } = row;
  return { itemId, dictionaryId, code, labelEn, labelZh, order, status, ...dates(row) };
}

/** `status=-1` is every status. */
const statusFilter = (status: string) => (status === ALL_STATUSES ? undefined : (status as Status));

/**
 * The platform's dictionaries are the console's reference lists (such as the data-access
 * categories), readable by anyone the route admits; another application's, within the
 * caller's scope only.
 */
function assertReadable(scope: AppScope, applicationId: string): void {
  if (applicationId !== PLATFORM_APP_ID) assertInScope(scope, applicationId);
}

/** The data dictionary: its legacy reads (spec §7) and its v2 management. */
export class DictionaryService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'dictionary', DUPLICATE_CODE);
  }

  /** `GET /dictionary/list`: the applications' dictionaries, each with its items. */
  async legacyList(applicationIds: string[], status: string, scope: AppScope): Promise<LegacyDictionary[]> {
    for (const applicationId of applicationIds) assertReadable(scope, applicationId);
    const filter = statusFilter(status);
    const rows = await repo.dictionariesOf(this.db, [...new Set(applicationIds)], filter);
    const items = await repo.itemsOf(
      this.db,
      rows.map((r) => r.dictionaryId),
      filter,
    );
    return rows.map((row) => ({
      ...toDictionary(row),
      dictionaryName: row.name,
      items: items.filter((i) => i.dictionaryId === row.dictionaryId).map(toItem),
    }));
  }

  /** `GET /dictionary/item/`: one dictionary's items, in their order. */
  async legacyItems(dictionaryId: string, status: string, scope: AppScope): Promise<DictionaryItem[]> {
    const dictionary = await foundByUuid(dictionaryId, (id) => repo.dictionaryRows.find(this.db, id));
    assertReadable(scope, dictionary.applicationId);
    return (await repo.itemsOf(this.db, [dictionaryId], statusFilter(status))).map(toItem);
  }

  async list(query: DictionaryListQuery): Promise<Page<Dictionary>> {
    await applicationExists(this.db, query.applicationId);
    return pageOf(await repo.list(this.db, query), toDictionary);
  }

  async get(dictionaryId: string, scope: AppScope): Promise<Dictionary> {
    return toDictionary(
      await foundInScope(dictionaryId, scope, (id) => repo.dictionaryRows.find(this.db, id)),
    );
  }

  async create(input: CreateDictionary, ctx: AuditContext): Promise<Dictionary> {
    await applicationExists(this.db, input.applicationId);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const row = await repo.dictionaryRows.insert(tx, {
        applicationId: input.applicationId,
        code: input.code,
        name: input.name,
        description: input.description || null,
        allowCustom: input.allowCustom,
      });
      return { entityId: row.dictionaryId, after: toDictionary(row) };
    });
  }

  async update(input: UpdateDictionary, ctx: AuditContext): Promise<Dictionary> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await foundByUuid(input.dictionaryId, (id) => repo.dictionaryRows.findForUpdate(tx, id));
      assertSameApplication(before.applicationId, input.applicationId);
      const row = await repo.dictionaryRows.update(tx, input.dictionaryId, {
        code: input.code,
        name: input.name,
        description: input.description || null,
        allowCustom: input.allowCustom,
      });
      return { entityId: row.dictionaryId, before: toDictionary(before), after: toDictionary(row) };
    });
  }

  async setStatus(
    dictionaryId: string,
    status: Status,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<Dictionary> {
    return this.audit.change(ctx, 'status', async (tx) => {
      const before = await foundInScope(dictionaryId, scope, (id) =>
        repo.dictionaryRows.findForUpdate(tx, id),
      );
      const row = await repo.dictionaryRows.update(tx, dictionaryId, { status });
      return { entityId: dictionaryId, before: toDictionary(before), after: toDictionary(row) };
    });
  }

  /** Its items go with it. */
  async remove(dictionaryId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const before = await foundInScope(dictionaryId, scope, (id) =>
        repo.dictionaryRows.findForUpdate(tx, id),
      );
      const items = (await repo.itemsOf(tx, [dictionaryId], undefined)).map(toItem);
      await repo.dictionaryRows.remove(tx, dictionaryId);
      return { entityId: dictionaryId, before: { ...toDictionary(before), items }, after: undefined };
    });
  }
}

/** The dictionary an item request names, in the caller's scope; a 400 when there is none. */
async function dictionaryInScope(db: Executor, dictionaryId: string, scope: AppScope) {
  const dictionary = await repo.dictionaryRows.find(db, dictionaryId);
  if (!dictionary) throw validationFailed({ dictionaryId: DICTIONARY_MESSAGES.unknownDictionary });
  assertInScope(scope, dictionary.applicationId);
  return dictionary;
}

/** The items of a dictionary (v2 `dictionary/item`); an item's code is unique in its dictionary. */
export class DictionaryItemService {
  private readonly audit: EntityAudit;

  constructor(private readonly db: Database) {
    this.audit = entityAudit(db, 'dictionary-item', DUPLICATE_CODE);
  }

  /** An item's application is its dictionary's. */
  private async itemInScope(db: Executor, itemId: string, scope: AppScope, lock = false) {
    const row = await foundByUuid(itemId, (id) =>
      lock ? repo.itemRows.findForUpdate(db, id) : repo.itemRows.find(db, id),
    );
    await foundInScope(row.dictionaryId, scope, (id) => repo.dictionaryRows.find(db, id));
    return row;
  }

  async list(query: DictionaryItemListQuery, scope: AppScope): Promise<Page<DictionaryItem>> {
    await foundInScope(query.dictionaryId, scope, (id) => repo.dictionaryRows.find(this.db, id));
    return pageOf(await repo.listItems(this.db, query), toItem);
  }

  async get(itemId: string, scope: AppScope): Promise<DictionaryItem> {
    return toItem(await this.itemInScope(this.db, itemId, scope));
  }

  async create(input: CreateDictionaryItem, ctx: AuditContext, scope: AppScope): Promise<DictionaryItem> {
    await dictionaryInScope(this.db, input.dictionaryId, scope);
    return this.audit.uniqueChange(ctx, 'create', async (tx) => {
      const { dictionaryId, code, labelEn, labelZh, order } = input;
      const row = await repo.itemRows.insert(tx, { dictionaryId, code, labelEn, labelZh, order });
      return { entityId: row.itemId, after: toItem(row) };
    });
  }

  /** An item stays in its dictionary. */
  async update(input: UpdateDictionaryItem, ctx: AuditContext, scope: AppScope): Promise<DictionaryItem> {
    return this.audit.uniqueChange(ctx, 'update', async (tx) => {
      const before = await this.itemInScope(tx, input.itemId, scope, true);
      if (before.dictionaryId !== input.dictionaryId) {
        throw validationFailed({ dictionaryId: DICTIONARY_MESSAGES.movedItem });
      }
      const { code, labelEn, labelZh, order } = input;
      const row = await repo.itemRows.update(tx, input.itemId, { code, labelEn, labelZh, order });
      return { entityId: row.itemId, before: toItem(before), after: toItem(row) };
    });
  }

  async setStatus(
    itemId: string,
    status: Status,
    ctx: AuditContext,
    scope: AppScope,
  ): Promise<DictionaryItem> {
    return this.audit.change(ctx, 'status', async (tx) => {
      const before = await this.itemInScope(tx, itemId, scope, true);
      const row = await repo.itemRows.update(tx, itemId, { status });
      return { entityId: itemId, before: toItem(before), after: toItem(row) };
    });
  }

  async remove(itemId: string, ctx: AuditContext, scope: AppScope): Promise<void> {
    await this.audit.change(ctx, 'delete', async (tx) => {
      const before = await this.itemInScope(tx, itemId, scope, true);
      await repo.itemRows.remove(tx, itemId);
      return { entityId: itemId, before: toItem(before), after: undefined };
    });
  }
}
