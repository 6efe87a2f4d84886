import { holdingToasts } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import type { ScreenPreload } from '@/lib/route-module';
import type { SearchField } from '../search-bar';
import { readListState } from '../use-list-state';
import { type ListQuery, pageParams, type QueryOptionsOf, type RowsPage } from './list-query';

/**
 * Asks for a query ahead of need, for the screen about to render; an answer still fresh is not
 * asked again. The screen shows the answer, or waits for the call still running, so a failed
 * call is one the screen made, and spec §8 gives it its toast: as soon as the screen waits for
 * the query, whether it came before the failure or while a retry runs. A call that failed and
 * ended before the screen came shows none: the screen asks again as it mounts, and that call
 * reports its own failure, so each shows once.
 */
export function prefetchForScreen<Data>(options: QueryOptionsOf<Data>): void {
  const { queryFn, queryKey } = options;
  if (typeof queryFn !== 'function') return;
  const cache = queryClient.getQueryCache();
  const query = () => cache.find({ queryKey, exact: true });
  const held: (() => void)[] = [];
  const showHeld = () => {
    for (const show of held.splice(0)) show();
  };
  const stopWatching = cache.subscribe((event) => {
    if (event.type === 'observerAdded' && event.query === query()) showHeld();
  });
  const hold = (show: () => void) => {
    held.push(show);
    if ((query()?.getObserversCount() ?? 0) > 0) showHeld();
  };
  void queryClient.prefetchQuery({ ...options, queryFn: holdingToasts(queryFn, hold) }).finally(() => {
    stopWatching();
    held.length = 0;
  });
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
    prefetchForScreen(rows(pageParams(scope, readListState(url.searchParams, { fields }))));
    alongside?.(scope);
  };
}
