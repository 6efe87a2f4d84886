import { ListScreen, type ListScreenProps } from '@/components/list-screen/list-screen';
import type { ListQuery } from '@/components/list-screen/list-query';
import { AppContextBar } from './app-context-bar';
import { useCurrentApplication } from './use-current-application';

/** What the app-config lists belong to: the application named by `appId` (spec §2). */
export type AppScope = { appId: string };

/** The query of an app-config list: the page, size and search of one application's records. */
export type AppListParams = ListQuery & AppScope;

/**
 * A list screen of one application's records: the application bar above it, and the list and
 * New only once the application is known, since an unknown one would fail every call. The
 * first page is asked for while the application is checked, quietly.
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
      pendingScope={current.status === 'loading' ? { appId: current.appId } : undefined}
    />
  );
}
