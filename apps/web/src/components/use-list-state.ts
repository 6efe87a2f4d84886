import {
  DEFAULT_PAGE_SIZE,
  formatListSort,
  type ListSort,
  PAGE_SIZES,
  parseListSort,
} from '@gatehouse/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery } from './list-screen/list-query';
import { arrayParamsOf, type SearchField, type SearchValues, searchParamsOf } from './search-bar';

export type ListStateOptions = {
  /**
   * The page's search fields: their parameters (plus `keyword`) make up `search`, and a
   * multi-select reads as an array even with one value. Without them every parameter but
   * page, size and the kept ones counts as search, and only repeated ones are arrays.
   */
  fields?: SearchField[];
  /** Parameters that belong to the page rather than to the search; `appId` by default. */
  keep?: string[];
  defaultSize?: number;
};

export type ListState = ListQuery & {
  setPage: (page: number, size?: number) => void;
  /** Replaces the search and goes back to page 1. */
  setSearch: (values: SearchValues) => void;
  /** Clears the search and goes back to page 1; the page size stays. */
  reset: () => void;
  /** Sorts by a column (undefined: the list's default order) and goes back to page 1. */
  setSort: (sort: ListSort | undefined) => void;
};

const PAGE = 'page';
const SIZE = 'size';
const SORT = 'sort';
const DEFAULT_KEEP = ['appId'];

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

type ListShape = { isSearchKey: (key: string) => boolean; arrayKeys: ReadonlySet<string> };

/** Which parameters are the search, and which of those are lists. */
function listShape(fields: SearchField[] | undefined, keep: string[]): ListShape {
  const searchKeys = fields ? new Set(searchParamsOf(fields)) : undefined;
  const arrayKeys = new Set(fields ? arrayParamsOf(fields) : []);
  const kept = new Set([PAGE, SIZE, SORT, ...keep]);
  const isSearchKey = (key: string) => (searchKeys ? searchKeys.has(key) && key !== SORT : !kept.has(key));
  return { isSearchKey, arrayKeys };
}

function readList(params: URLSearchParams, shape: ListShape, defaultSize: number): ListQuery {
  const page = positiveInt(params.get(PAGE)) ?? 1;
  const rawSize = positiveInt(params.get(SIZE));
  const size =
    rawSize !== undefined && (PAGE_SIZES as readonly number[]).includes(rawSize) ? rawSize : defaultSize;
  const search: SearchValues = {};
  for (const key of new Set(params.keys())) {
    if (!shape.isSearchKey(key)) continue;
    const all = params.getAll(key);
    search[key] = all.length > 1 || shape.arrayKeys.has(key) ? all : all[0];
  }
  // Only `field,dir` is passed on: the server checks the field against the list's allow-list.
  const sort = parseListSort(params.get(SORT));
  return { page, size, search, ...(sort ? { sort: formatListSort(sort) } : {}) };
}

/**
 * The page, size and search that `useListState` reads from these parameters, for code that
 * runs outside a screen: a route's loader asking for the page before the screen renders.
 */
export function readListState(params: URLSearchParams, options: ListStateOptions = {}): ListQuery {
  const { fields, keep = DEFAULT_KEEP, defaultSize = DEFAULT_PAGE_SIZE } = options;
  return readList(params, listShape(fields, keep), defaultSize);
}

/**
 * List state kept in the URL (STYLE.md habit 4): page, size and search survive a reload,
 * can be shared as a link, and each change is a history entry so Back undoes it. Other
 * parameters, such as `appId`, are left as they are.
 */
export function useListState(options: ListStateOptions = {}): ListState {
  const { fields, keep = DEFAULT_KEEP, defaultSize = DEFAULT_PAGE_SIZE } = options;
  const [params, setParams] = useSearchParams();

  const fieldsKey = fields ? JSON.stringify(fields.map((f) => [f.name, f.type])) : '';
  const keepKey = keep.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: inline `fields` and `keep` arrays are compared by content so callers need not memoise them
  const shape = useMemo(() => listShape(fields, keep), [fieldsKey, keepKey]);

  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` stands for `params`, whose identity changes on every render of some routers
  const state = useMemo(() => readList(params, shape, defaultSize), [query, shape, defaultSize]);

  const setPage = useCallback(
    (page: number, size?: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set(PAGE, String(page));
        next.set(SIZE, String(size ?? state.size));
        return next;
      }),
    [setParams, state.size],
  );

  const setSearch = useCallback(
    (values: SearchValues) =>
      setParams((prev) => {
        const next = withoutSearch(prev, shape.isSearchKey);
        for (const [key, value] of Object.entries(values)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) next.append(key, v);
        }
        return next;
      }),
    [setParams, shape],
  );

  const reset = useCallback(
    () => setParams((prev) => withoutSearch(prev, shape.isSearchKey)),
    [setParams, shape],
  );

  const setSort = useCallback(
    (sort: ListSort | undefined) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete(PAGE);
        if (sort) next.set(SORT, formatListSort(sort));
        else next.delete(SORT);
        return next;
      }),
    [setParams],
  );

  return { ...state, setPage, setSearch, reset, setSort };
}

/** The parameters minus the search and the page number, which a new search starts over; the sort stays. */
function withoutSearch(params: URLSearchParams, isSearchKey: (key: string) => boolean): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key !== PAGE && !isSearchKey(key)) next.append(key, value);
  }
  return next;
}
