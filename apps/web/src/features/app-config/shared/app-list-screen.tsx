import { applicationQueryOptions } from '@/api/applications';
import type { ListQuery, QueryOptionsOf, RowsPage } from '@/components/list-screen/list-query';
import { ListScreen, type ListScreenProps } from '@/components/list-screen/list-screen';
import { listPreload, prefetchForScreen } from '@/components/list-screen/preload';
import type { SearchField } from '@/components/search-bar';
import type { ScreenPreload } from '@/lib/route-module';
import { AppContextBar } from './app-context-bar';
import { appIdOf } from './use-app-id';
import { useCurrentApplication } from './use-current-application';

/** What the app-config lists belong to: the application named by `appId` (spec §2). */
export type AppScope = { appId: string };

/** The query of an app-config list: the page, size and search of one application's records. */
export type AppListParams = ListQuery & AppScope;

/**
 * A list screen of one application's records: the application bar above it, and the list and
 * New only once the application is known, since an unknown one would fail every call. Its
 * route asks for both ahead (`appListPreload`).
 */
export function AppListScreen<Row extends object, Values, Kind extends string = never, Created = unknown>(
  props: Omit<ListScreenProps<Row, Values, AppScope, Kind, Created>, 'header' | 'scope'>,
) {
  const current = useCurrentApplication();
  return (
    <ListScreen<Row, Values, AppScope, Kind, Created>
      {...props}
      header={<AppContextBar />}
      scope={current.status === 'ready' ? { appId: current.appId } : null}
    />
  );
}

/**
 * The `preload` of an app-config list screen: the application of the URL and, side by side
 * with its check, the page of its rows that the URL names, and whatever else the screen asks
 * for once the application is known (`alongside`, given the application's id).
 */
export function appListPreload<Row>(
  rows: (params: AppListParams) => QueryOptionsOf<RowsPage<Row>>,
  fields: SearchField[],
  alongside?: (appId: string) => void,
): ScreenPreload {
  return listPreload({
    rows,
    fields,
    scopeOf: (url) => {
      const appId = appIdOf(url.searchParams);
      return appId === undefined ? undefined : { appId };
    },
    alongside: ({ appId }) => {
      prefetchForScreen(applicationQueryOptions(appId));
      alongside?.(appId);
    },
  });
}
