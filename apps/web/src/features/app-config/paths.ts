import type { NavPath } from '@gatehouse/contract';
import { withQuery } from '@/lib/paths';

/** The app-config screens (spec §2), each at `/app-config/<screen>`. */
export const APP_CONFIG_SCREENS = ['data-access', 'permission', 'client', 'resource'] as const;
export type AppConfigScreen = (typeof APP_CONFIG_SCREENS)[number];

/** The query parameter that names the application the app-config screens work on (spec §2). */
export const APP_ID_PARAM = 'appId';

/** The path of an app-config screen, without its application. */
export const appConfigPath = (screen: AppConfigScreen) => `/app-config/${screen}` as const satisfies NavPath;

/** Spec §2: the application of the app-config screens travels as `appId` in the query. */
export function toAppConfig(screen: AppConfigScreen, params: { appId?: string } = {}): string {
  return withQuery(appConfigPath(screen), { [APP_ID_PARAM]: params.appId });
}
