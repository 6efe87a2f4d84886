import { useSearchParams } from 'react-router';

import { APP_ID_PARAM } from '../paths';

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
