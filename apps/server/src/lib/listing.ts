import { APP_CONFIG_MESSAGES, DEFAULT_SORT, LIST_SORTS, type ListName } from '@gatehouse/contract';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from '../db/client.ts';
import { listCounts } from '../db/schema/index.ts';
import { validationFailed } from './errors.ts';
import { PageAnchors } from './page-anchors.ts';

/**
 * The one paged list every list endpoint is (`definePagedList`), and the search filters a
 * repository builds its list from: the `sort=field,dir` allow-list, the filters of the
 * list-query schemas, the page and count queries, and a total that skips the count where the
 * page already tells it.
 */

/** The order of a list: the `ORDER BY` terms, the sorted column and its direction. */
type Order = { by: SQL[]; column: AnyColumn; descending: boolean; name: string };

/**
 * `sort=<field>[,asc|desc]` against an allow-list of API field → column. The record key is
 * appended in the same direction, so rows that tie on the field still come in one fixed
 * order and no row shows on two pages. A field without a direction sorts ascending.
 */
function parseSort<F extends string>(
  sort: string | undefined,
  columns: Record<F, AnyColumn>,
  key: AnyColumn,
): Order {
  const [rawField = '', rawDir, ...rest] = (sort?.trim() || DEFAULT_SORT).split(',').map((s) => s.trim());
  const dir = (rawDir ?? 'asc').toLowerCase();
  if (!Object.hasOwn(columns, rawField) || (dir !== 'asc' && dir !== 'desc') || rest.length > 0) {
    throw validationFailed({ sort: APP_CONFIG_MESSAGES.invalidSort });
  }
  const column = columns[rawField as F];
  const by = dir === 'asc' ? asc : desc;
  return {
    by: column === key ? [by(key)] : [by(column), by(key)],
    column,
    descending: dir === 'desc',
    name: `${rawField},${dir}`,
  };
}

/** A present, non-blank search value; the console sends cleared fields as empty strings. */
export function given(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Three letters or digits in a row: the least a word needs for a trigram index to look it up. */
const TRIGRAM = /[a-z0-9]{3}/i;

/**
 * At most this many words are matched one by one: the first few leap far enough, and each
 * more is another condition to plan (a 200-character keyword can hold 50 words).
 */
const MAX_WORDS = 4;

/**
 * The words of a search value that a trigram index can look up by themselves, each once: those
 * with a digit first, then the longer ones, at most MAX_WORDS. An id or a number is what
 * usually tells rows apart; a word most rows share ("data", "access") is better checked last.
 */
export function searchWords(value: string): string[] {
  const byCase = new Map<string, string>();
  // ASCII whitespace only: a word must be a piece of the whole text as PostgreSQL lowercases
  // it, and some characters JavaScript counts as space (U+FEFF) do not end a word there.
  for (const w of value.trim().split(/[ \t\n\r\f\v]+/)) {
    if (TRIGRAM.test(w) && !byCase.has(w.toLowerCase())) byCase.set(w.toLowerCase(), w);
  }
  const words = [...byCase.values()];
  const digit = (w: string) => (/\d/.test(w) ? 0 : 1);
  return words.sort((a, b) => digit(a) - digit(b) || b.length - a.length).slice(0, MAX_WORDS);
}

/**
 * Case-insensitive substring match; `%` and `_` in the input match themselves. A value of
 * several words is matched word by word as well, in the order of `searchWords`, before the
 * whole. The words change no result (each is a part of the whole), but they change what a GIN
 * trigram index reads: within one condition, GIN takes the candidates of its rarest trigram
 * and reads every other trigram's list at each of them; across conditions, it leaps from
 * one's next match to the next's. As one condition, "data access 12345" read the long lists of
 * "dat", "acc"… at each of the few hundred rows holding "345"; word by word, the rows holding
 * "12345" come first, and the common words are read at those alone.
 */
export function contains(column: AnyColumn, value: string | undefined): SQL | undefined {
  if (!given(value)) return undefined;
  const text = value.trim();
  const whole = ilike(column, `%${escapeLike(text)}%`);
  const words = searchWords(text);
  if (words.length < 2) return whole;
  return and(...words.map((w) => ilike(column, `%${escapeLike(w)}%`)), whole);
}

/** The "All" choice of the search select: the keyword in any of the text fields. */
export function keywordIn(columns: AnyColumn[], keyword: string | undefined): SQL | undefined {
  if (!given(keyword)) return undefined;
  return or(...columns.map((c) => contains(c, keyword)));
}

/** A multi-select: any of the chosen values; no choice means no filter. */
export function oneOf(column: AnyColumn, values: readonly string[] | undefined): SQL | undefined {
  const chosen = (values ?? []).filter((v) => v !== '');
  return chosen.length > 0 ? inArray(column, chosen) : undefined;
}

/** Midnight UTC at the start of a YYYY/MM/DD day; a day that does not exist is a 400. */
function startOfDay(value: string, field: string): Date {
  const [y, m, d] = value.split('/').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw validationFailed({ [field]: APP_CONFIG_MESSAGES.invalidDate });
  }
  return date;
}

/** Created on or after `from` and on or before `to`, both whole UTC days. */
function createdBetween(
  column: AnyColumn,
  from: string | undefined,
  to: string | undefined,
): SQL | undefined {
  const filters: SQL[] = [];
  if (given(from)) filters.push(gte(column, startOfDay(from, 'createdFrom')));
  if (given(to)) {
    const end = startOfDay(to, 'createdTo');
    end.setUTCDate(end.getUTCDate() + 1);
    filters.push(lt(column, end));
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/**
 * The total of a paged list. A page that is neither empty nor full is the last one, so the
 * total is known without counting; so is an empty first page. Only otherwise is `count` run.
 */
async function totalOf(
  offset: number,
  size: number,
  rowsOnPage: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rowsOnPage > 0 && rowsOnPage < size) return offset + rowsOnPage;
  if (rowsOnPage === 0 && offset === 0) return 0;
  return count();
}

/** Which rows a page shows: the filter, the order (from `parseSort`) and the window. */
type PageWindow = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | Placeholder;
  offset: number | Placeholder;
};

/**
 * One page of `table`, as a deferred join: the page's keys are picked with the offset from
 * the table's list index alone (it holds the application where there is one, the created
 * time and the key), and only those rows are then read. A deep page thus skips index
 * entries, not table rows. `key` is the table's primary key; `fields` is what to read of
 * each row. The query is built on the base types, since drizzle cannot type a select on a
 * generic table; `definePagedList` gives the rows the type of what is selected.
 */
function pageQuery(
  db: Executor,
  table: PgTable,
  key: PgColumn,
  { where, orderBy, limit, offset }: PageWindow,
  fields: SelectedFields,
) {
  const keys = db
    .select({ key })
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit as number)
    .offset(offset as number)
    .as('page_keys');
  return db
    .select(fields)
    .from(table)
    .innerJoin(keys, eq(key, keys.key))
    .orderBy(...orderBy);
}

async function pageRows(...args: Parameters<typeof pageQuery>): Promise<unknown[]> {
  return pageQuery(...args);
}

/** How many rows of `table` match `where`. */
async function countRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * What every list query carries (the contract's `searchQuerySchema`): the 0-based page, its
 * size, an optional `sort`, and the creation-date range of the search.
 */
export type ListQuery = {
  page: number;
  size: number;
  sort?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
};

/** One page of rows and the number of rows on all pages. */
export type Paged<R> = { rows: R[]; total: number };

/**
 * A list's page of rows; `matching` gives the keys of every row the query's filters match
 * (ignoring its page), in the list's order, at most `max` of them: what a bulk action over
 * "all matching" acts on.
 */
export type PagedList<Q extends ListQuery, R> = ((db: Executor, query: Q) => Promise<Paged<R>>) & {
  matching: (db: Executor, query: Q, max: number) => Promise<string[]>;
};

/** A table of dated records, as every listed table is. */
type DatedTable = PgTable & { createdAt: PgColumn; updatedAt: PgColumn };

type PagedListSpec<Q extends ListQuery> = {
  table: DatedTable;
  /** The primary key: the tie-breaker of every order, and how a page's rows are joined. */
  key: PgColumn;
  /**
   * The list by its contract name: its own `sort` fields are the contract's `LIST_SORTS`
   * entry, which the console offers too.
   */
  name: ListName;
  /** The column of each of the list's own `sort` fields (exactly the contract's), besides the two every list has. */
  sorts: Record<string, AnyColumn>;
  /**
   * The list's own conditions, besides the creation-date range every list has; a row must
   * meet them all, and an undefined one is no condition.
   */
  filters: (query: Q) => (SQL | undefined)[];
  /**
   * For a table whose rows the `list_counts` triggers count per application (migration
   * 0009): the application column and the query's application. Only its rows are listed, and
   * when no other filter applies their total is read from `list_counts`, not counted.
   */
  counted?: { column: AnyColumn; scope: (query: Q) => string };
};

/** Columns that ride on each row of a counted page; dropped before the rows go out. */
const KEPT_TOTAL = '__keptTotal';
const CHANGES = '__changes';
const ANCHOR_VALUE = '__anchorValue';
const ANCHOR_KEY = '__anchorKey';

/** A column of the kept count of `list` rows in `scope` (0 when none was ever kept). */
function keptColumn(column: 'n' | 'changes', list: string, scope: Placeholder): SQL<number> {
  return sql<number>`coalesce((select ${listCounts[column]} from ${listCounts} where ${listCounts.list} = ${list} and ${listCounts.scope} = ${scope}), 0)`.mapWith(
    Number,
  );
}

async function readKeptCount(db: Executor, list: string, scope: string): Promise<number> {
  const [row] = await db
    .select({ n: listCounts.n })
    .from(listCounts)
    .where(and(eq(listCounts.list, list), eq(listCounts.scope, scope)));
  return row?.n ?? 0;
}

/**
 * The list's own sort columns must be exactly the contract's allow-list, so that the console
 * offers what the server sorts by; a mismatch stops the server starting.
 */
function assertContractSorts(name: ListName, sorts: Record<string, AnyColumn>): void {
  const own = Object.keys(sorts).sort().join();
  const contract = [...LIST_SORTS[name]].sort().join();
  if (own !== contract) {
    throw new Error(
      `The ${name} list sorts by ${own || 'nothing'}, the contract's LIST_SORTS by ${contract}.`,
    );
  }
}

/** Numbers each paged list, so that each prepares its statements under names of its own. */
let pagedLists = 0;

type PreparedPage = { execute: (values: Record<string, unknown>) => Promise<unknown> };

/** What each database keeps for its counted lists: prepared page statements by name, and page anchors. */
type ListState = { statements: Map<string, PreparedPage>; anchors: PageAnchors };

const listStates = new WeakMap<object, ListState>();

/** The page anchors' lookups over `db` (lib/page-anchors.ts), for the metrics. */
export function pageAnchorLookups(db: Executor): PageAnchors['lookups'] {
  return listStateOf(db).anchors.lookups;
}

function listStateOf(db: Executor): ListState {
  let state = listStates.get(db);
  if (!state) {
    state = { statements: new Map(), anchors: new PageAnchors() };
    listStates.set(db, state);
  }
  return state;
}

/** The rows at and after `anchor` in `order` (its column is one that no row lacks). */
function from(order: Order, key: PgColumn, anchor: Record<'value' | 'key', unknown>): SQL {
  const op = sql.raw(order.descending ? '<=' : '>=');
  const keyValue = sql`cast(${anchor.key} as ${sql.raw(key.getSQLType())})`;
  if (order.column === key) return sql`${key} ${op} ${keyValue}`;
  const column = order.column as PgColumn;
  return sql`(${column}, ${key}) ${op} (cast(${anchor.value} as ${sql.raw(column.getSQLType())}), ${keyValue})`;
}

/**
 * A paged list of `table`. Every list sorts by `createdDate` (the default sort) and
 * `lastModifiedDate` besides its own `sorts`, and any other sort is a 400. Its rows meet the
 * `filters` and the query's `createdFrom`/`createdTo` range. The page is read as a deferred
 * join (`pageRows`) and the total is counted only when the page cannot tell it. All of an
 * application's rows in an order no update changes start deep pages from an anchor
 * (lib/page-anchors.ts). Each row is all the table's columns, or `fields` when given.
 */
export function definePagedList<T extends DatedTable, Q extends ListQuery>(
  spec: PagedListSpec<Q> & { table: T },
): PagedList<Q, T['$inferSelect']>;
export function definePagedList<Q extends ListQuery, F extends SelectedFields>(
  spec: PagedListSpec<Q> & { fields: F },
): PagedList<Q, SelectResultFields<F>>;
export function definePagedList<Q extends ListQuery>(
  spec: PagedListSpec<Q> & { fields?: SelectedFields },
): PagedList<Q, unknown> {
  const { table, key, filters, counted, fields = getTableColumns(table) } = spec;
  assertContractSorts(spec.name, spec.sorts);
  const sorts = { createdDate: table.createdAt, lastModifiedDate: table.updatedAt, ...spec.sorts };
  const list = getTableName(table);
  const listId = ++pagedLists;
  const whereOf = (query: Q) => {
    const scope = counted?.scope(query);
    return and(
      scope === undefined ? undefined : eq(counted!.column, scope),
      ...filters(query),
      createdBetween(table.createdAt, query.createdFrom, query.createdTo),
    );
  };
  const matching = async (db: Executor, query: Q, max: number): Promise<string[]> => {
    const order = parseSort(query.sort, sorts, key);
    const rows = await db
      .select({ key })
      .from(table)
      .where(whereOf(query))
      .orderBy(...order.by)
      .limit(max);
    return rows.map((r) => String(r.key));
  };
  const page = async (db: Executor, query: Q): Promise<Paged<unknown>> => {
    // The sort is checked before the filters, so a bad sort is the error a request gets first.
    const order = parseSort(query.sort, sorts, key);
    const own = filters(query);
    const created = createdBetween(table.createdAt, query.createdFrom, query.createdTo);
    const scope = counted?.scope(query);
    const where = and(scope === undefined ? undefined : eq(counted!.column, scope), ...own, created);
    const offset = query.page * query.size;
    const window = { where, orderBy: order.by, limit: query.size, offset };
    if (scope === undefined || created !== undefined || own.some((f) => f !== undefined)) {
      const rows = await pageRows(db, table, key, window, fields);
      const total = await totalOf(offset, query.size, rows.length, () => countRows(db, table, where));
      return { rows, total };
    }
    // All of an application's rows: the page and the kept total in one statement, prepared
    // once per database, order and start (the offset, or a remembered row).
    const anchored = order.column === table.createdAt || order.column === key;
    const { statements, anchors } = listStateOf(db);
    const read = async (start: 'offset' | 'anchor', values: Record<string, unknown>) => {
      const name = `list_${listId}_${order.name.replace(',', '_')}_${start}`;
      let statement = statements.get(name);
      if (!statement) {
        const scopePlaceholder = sql.placeholder('scope');
        const seek =
          start === 'anchor'
            ? from(order, key, { value: sql.placeholder('value'), key: sql.placeholder('key') })
            : undefined;
        statement = pageQuery(
          db,
          table,
          key,
          {
            where: and(eq(counted!.column, scopePlaceholder), seek),
            orderBy: order.by,
            limit: sql.placeholder('limit'),
            offset: sql.placeholder('offset'),
          },
          {
            ...fields,
            [KEPT_TOTAL]: keptColumn('n', list, scopePlaceholder),
            [CHANGES]: keptColumn('changes', list, scopePlaceholder),
            ...(anchored
              ? {
                  [ANCHOR_VALUE]: sql<string>`${order.column}::text`,
                  [ANCHOR_KEY]: sql<string>`${key}::text`,
                }
              : {}),
          },
        ).prepare(name);
        statements.set(name, statement);
      }
      return (await statement.execute({ scope, limit: query.size, ...values })) as Record<string, unknown>[];
    };
    const listed = `${list}\u0000${scope}\u0000${order.name}`;
    const remember = (rows: Record<string, unknown>[]) => {
      const first = rows[0];
      if (!anchored || !first) return;
      anchors.remember(listed, Number(first[CHANGES]), {
        position: offset,
        value: String(first[ANCHOR_VALUE]),
        key: String(first[ANCHOR_KEY]),
      });
    };
    const nearest = anchored ? anchors.nearest(listed, offset) : undefined;
    let rows: Record<string, unknown>[] | undefined;
    if (nearest) {
      const { anchor, changes } = nearest;
      rows = await read('anchor', { value: anchor.value, key: anchor.key, offset: offset - anchor.position });
      // Rows were added or deleted since the anchor was found: it may no longer be there.
      if (Number(rows[0]?.[CHANGES]) !== changes) {
        anchors.lookups.stale++;
        rows = undefined;
      } else {
        anchors.lookups.hit++;
        if (anchor.position !== offset) remember(rows);
      }
    }
    if (!rows) {
      rows = await read('offset', { offset });
      remember(rows);
    }
    const first = rows[0];
    const total = first ? Number(first[KEPT_TOTAL]) : offset === 0 ? 0 : await readKeptCount(db, list, scope);
    for (const row of rows) {
      delete row[KEPT_TOTAL];
      delete row[CHANGES];
      delete row[ANCHOR_VALUE];
      delete row[ANCHOR_KEY];
    }
    return { rows, total };
  };
  return Object.assign(page, { matching });
}
