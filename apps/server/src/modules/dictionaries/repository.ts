import type { DictionaryItemListQuery, DictionaryListQuery } from '@gatehouse/contract';
import { type AnyColumn, and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dictionaries, dictionaryItems } from '../../db/schema/index.ts';
import { contains, definePagedList, keywordIn, oneOf } from '../../lib/listing.ts';
import { byKey } from '../../lib/records.ts';

export type DictionaryRow = typeof dictionaries.$inferSelect;
export type ItemRow = typeof dictionaryItems.$inferSelect;
type StatusFilter = 'ENABLED' | 'DISABLED' | undefined;

/** Keys from `dictionaries_app_created_idx` in the default order. */
export const list = definePagedList({
  name: 'dictionaries',
  table: dictionaries,
  key: dictionaries.dictionaryId,
  sorts: { code: dictionaries.code, name: dictionaries.name },
  filters: (query: DictionaryListQuery) => [
    eq(dictionaries.applicationId, query.applicationId),
    keywordIn([dictionaries.code, dictionaries.name, dictionaries.description], query.keyword),
    contains(dictionaries.code, query.code),
    contains(dictionaries.name, query.name),
    oneOf(dictionaries.status, query.status),
  ],
});

/** Keys from `dictionary_items_dict_created_idx` in the default order. */
export const listItems = definePagedList({
  name: 'dictionaryItems',
  table: dictionaryItems,
  key: dictionaryItems.itemId,
  sorts: { code: dictionaryItems.code, order: dictionaryItems.order },
  filters: (query: DictionaryItemListQuery) => [
    eq(dictionaryItems.dictionaryId, query.dictionaryId),
    keywordIn([dictionaryItems.code, dictionaryItems.labelEn, dictionaryItems.labelZh], query.keyword),
    contains(dictionaryItems.code, query.code),
    oneOf(dictionaryItems.status, query.status),
  ],
});

export const dictionaryRows = byKey(dictionaries, dictionaries.dictionaryId);
export const itemRows = byKey(dictionaryItems, dictionaryItems.itemId);

const withStatus = (column: AnyColumn, status: StatusFilter): SQL | undefined =>
  status === undefined ? undefined : eq(column, status);

/** The dictionaries of the applications, by application and code (the legacy list). */
export async function dictionariesOf(db: Executor, applicationIds: string[], status: StatusFilter) {
  return db
    .select()
    .from(dictionaries)
    .where(and(inArray(dictionaries.applicationId, applicationIds), withStatus(dictionaries.status, status)))
    .orderBy(asc(dictionaries.applicationId), asc(dictionaries.code));
}

/** The items of the dictionaries, in their order, then by code. */
export async function itemsOf(db: Executor, dictionaryIds: string[], status: StatusFilter) {
  if (dictionaryIds.length === 0) return [];
  return db
    .select()
    .from(dictionaryItems)
    .where(
      and(inArray(dictionaryItems.dictionaryId, dictionaryIds), withStatus(dictionaryItems.status, status)),
    )
    .orderBy(asc(dictionaryItems.order), asc(dictionaryItems.code));
}
