import { useSearchParams } from 'react-router';

/** The query parameter that names the application the app-config screens work on (spec §2). */
export const APP_ID_PARAM = 'appId';

/** The `appId` of these parameters, or undefined when it is missing or blank. */
export function appIdOf(params: URLSearchParams): string | undefined {
  const appId = params.get(APP_ID_PARAM)?.trim();
  return appId ? appId : undefined;
}

/** The `appId` of the URL, or undefined when it is missing or blank. */
export function useAppId(): string | undefined {
  const [params] = useSearchParams();
  return appIdOf(params);
}
