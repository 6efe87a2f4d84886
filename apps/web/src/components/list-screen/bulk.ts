import { type BulkAction, type BulkListName, type BulkResult, LIST_BULK_ACTIONS } from '@gatehouse/contract';
import type { QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import type { SearchValues } from '../search-bar';
import type { ListQuery } from './list-query';

/** What a bulk action or an export acts on: the rows chosen by key, or all that match the search. */
export type BulkTarget = { ids: string[] } | { all: true };

/**
 * A list's bulk actions and CSV export, as its api file declares them: `POST {path}/bulk` and
 * `GET {path}/export` beside the list's own `GET {path}`.
 */
export type ListBulk<Params extends ListQuery> = {
  /** The list's actions (the contract's LIST_BULK_ACTIONS); export is always offered. */
  actions: readonly BulkAction[];
  run: (action: BulkAction, target: BulkTarget, params: Params) => Promise<BulkResult>;
  /** The CSV text of the rows, byte-order mark included. */
  exportCsv: (target: BulkTarget, params: Params) => Promise<string>;
};

export type ListBulkOptions<Params extends ListQuery> = {
  /** The list by its contract name, whose bulk actions the server takes. */
  list: BulkListName;
  /**
   * The path below /api that the server's `bulk` and `export` sit under: a v2 list's own path,
   * e.g. `/admin-service/v2/application/client`, or a legacy list's (`/admin-service/resource`).
   */
  path: string;
  /** The list's query key: what a bulk action refreshes. */
  key: QueryKey;
  /** The list's search as the server's list query names it, e.g. with `applicationId`. */
  query: (params: Params) => Record<string, string | string[] | undefined>;
};

/** The bulk actions and export of one list (`ListScreen`'s `bulk`). */
export function listBulk<Params extends ListQuery>({
  list,
  path,
  key,
  query,
}: ListBulkOptions<Params>): ListBulk<Params> {
  return {
    actions: LIST_BULK_ACTIONS[list],
    run: async (action, target, params) => {
      const body =
        'ids' in target ? { action, ids: target.ids } : { action, all: true, query: query(params) };
      try {
        return await api.post<BulkResult>(`${path}/bulk`, body);
      } finally {
        // Even a refused request may find rows changed by someone else meanwhile.
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    exportCsv: async (target, params) => {
      const search: SearchValues = query(params);
      const text = await api.get<string>(`${path}/export`, {
        params: {
          ...search,
          ...(params.sort ? { sort: params.sort } : {}),
          ...('ids' in target ? { ids: target.ids.join(',') } : {}),
        },
      });
      // fetch's text() drops the byte-order mark; Excel needs it to read UTF-8.
      return `\uFEFF${String(text).replace(/^\uFEFF/, '')}`;
    },
  };
}
