import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { SearchValues } from '../search-bar';

/**
 * What a list screen asks its list api file for: the page as the pager shows it (1-based;
 * the api file makes it the server's 0-based page), its size and the search (STYLE.md habit 4).
 */
export type ListQuery = {
  page: number;
  size: number;
  search: SearchValues;
  /** `field,dir` when the user sorted by a column; the list's default order without. */
  sort?: string | undefined;
};

/** What the list api file is asked for: the scope's rows at the list's page, size and search. */
export const pageParams = <Scope extends object>(scope: Scope, list: ListQuery): ListQuery & Scope => ({
  ...scope,
  page: list.page,
  size: list.size,
  search: list.search,
  ...(list.sort ? { sort: list.sort } : {}),
});

/** A page of rows as the list api file adapts it from the server's envelope, whichever that is. */
export type RowsPage<Row> = { items: Row[]; total: number };

/** An api file's `queryOptions` for `Data`, which the kit hands to react-query as they are. */
export type QueryOptionsOf<Data> = UseQueryOptions<
  Data,
  Error,
  Data,
  // biome-ignore lint/suspicious/noExplicitAny: each api file's key is a tuple of its own, and options typed for one key are not assignable to options for the general QueryKey
  any
> & { queryKey: QueryKey };
