import { queryClient } from '@/lib/query-client';
import { quietly } from '@/lib/http';
import type { ScreenPreload } from '@/lib/route-module';
import type { SearchField } from '../search-bar';
import { readListState } from '../use-list-state';
import { type ListQuery, pageParams, type QueryOptionsOf, type RowsPage } from './list-query';

export type { ScreenPreload };

/**
 * Asks for a query ahead of need, quietly: a failure shows no toast, since the screen asks
 * again when it renders and reports a failure then. An answer still fresh is not asked again.
 */
export function prefetchQuietly<Data>(options: QueryOptionsOf<Data>): void {
  const { queryFn } = options;
  if (typeof queryFn !== 'function') return;
  void queryClient.prefetchQuery({ ...options, queryFn: quietly(queryFn) });
}

export type ListPreloadOptions<Row, Scope extends object> = {
  /** The screen's `rows`: the list api file's queryOptions. */
  rows: (params: ListQuery & Scope) => QueryOptionsOf<RowsPage<Row>>;
  /** The screen's search fields, which say how the URL's search reads. */
  fields: SearchField[];
  /** The scope the URL names, or none when it names none (nothing is asked for then). */
  scopeOf: (url: URL) => Scope | undefined;
  /** What else the screen asks for in that scope, e.g. the record the scope names. */
  alongside?: (scope: Scope) => void;
};

/** The preload of a list screen: the page of rows its URL names, as the screen will ask for it. */
export function listPreload<Row, Scope extends object>({
  rows,
  fields,
  scopeOf,
  alongside,
}: ListPreloadOptions<Row, Scope>): ScreenPreload {
  return (url) => {
    const scope = scopeOf(url);
    if (!scope) return;
    prefetchQuietly(rows(pageParams(scope, readListState(url.searchParams, { fields }))));
    alongside?.(scope);
  };
}
