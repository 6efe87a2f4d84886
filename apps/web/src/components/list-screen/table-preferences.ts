import type { TablePreference, TablePreferences } from '@gatehouse/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/http';
import { getCurrentUser } from '@/lib/session';
import { EMPTY_PREFERENCE } from '../table-state';

const PATH = '/admin-service/user/preferences/tables';

/** The signed-in user's tables, as they arranged them; one query for every screen. */
export const tablePreferencesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['table-preferences', userId],
    // GET /admin-service/user/preferences/tables: every table the user arranged, by its name.
    queryFn: ({ signal }) => api.get<TablePreferences>(PATH, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The user's arrangement of one table (its hidden columns and dragged widths), kept on the
 * server so that it follows them to another browser, and a change of it: shown at once, then
 * saved (PUT …/tables/{table}).
 */
export function useTablePreference(table: string): {
  preference: TablePreference;
  save: (next: TablePreference) => void;
} {
  const userId = getCurrentUser()?.userId ?? '';
  const options = tablePreferencesQueryOptions(userId);
  const client = useQueryClient();
  const { data } = useQuery({ ...options, enabled: userId !== '' });
  const save = useCallback(
    (next: TablePreference) => {
      client.setQueryData(options.queryKey, (all) => ({ ...all, [table]: next }));
      void api.put(`${PATH}/${encodeURIComponent(table)}`, next).catch(() => {
        // The toast has said so; the screen shows what the server keeps.
        void client.invalidateQueries({ queryKey: options.queryKey });
      });
    },
    [client, options.queryKey, table],
  );
  return { preference: data?.[table] ?? EMPTY_PREFERENCE, save };
}
