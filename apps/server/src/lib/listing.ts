import { APP_CONFIG_MESSAGES, DEFAULT_SORT } from '@gatehouse/contract';
import { type AnyColumn, and, asc, desc, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import { validationFailed } from './errors.ts';

/**
 * Helpers shared by the paged lists: the `sort=field,dir` allow-list, the search filters of
 * the list-query schemas, and a total that skips the count where the page already tells it.
 */

export type SortOrder = { orderBy: SQL[] };

/**
 * `sort=<field>[,asc|desc]` against an allow-list of API field → column. The record key is
 * appended in the same direction, so rows that tie on the field still come in one fixed
 * order and no row shows on two pages. A field without a direction sorts ascending.
 */
export function parseSort<F extends string>(
  sort: string | undefined,
  columns: Record<F, AnyColumn>,
  key: AnyColumn,
): SortOrder {
  const [rawField = '', rawDir, ...rest] = (sort?.trim() || DEFAULT_SORT).split(',').map((s) => s.trim());
  const dir = (rawDir ?? 'asc').toLowerCase();
  if (!Object.hasOwn(columns, rawField) || (dir !== 'asc' && dir !== 'desc') || rest.length > 0) {
    throw validationFailed({ sort: APP_CONFIG_MESSAGES.invalidSort });
  }
  const column = columns[rawField as F];
  const by = dir === 'asc' ? asc : desc;
  return { orderBy: column === key ? [by(key)] : [by(column), by(key)] };
}

/** A present, non-blank search value; the console sends cleared fields as empty strings. */
export function given(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive substring match; `%` and `_` in the input match themselves. */
export function contains(column: AnyColumn, value: string | undefined): SQL | undefined {
  return given(value) ? ilike(column, `%${escapeLike(value.trim())}%`) : undefined;
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
export function createdBetween(
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
export async function totalOf(
  offset: number,
  size: number,
  rowsOnPage: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rowsOnPage > 0 && rowsOnPage < size) return offset + rowsOnPage;
  if (rowsOnPage === 0 && offset === 0) return 0;
  return count();
}

export function offsetOf(page: { page: number; size: number }): number {
  return page.page * page.size;
}
